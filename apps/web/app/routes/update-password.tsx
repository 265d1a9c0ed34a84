import { authMessages } from '@synergie/shared/auth';
import { Link, useSearchParams } from 'react-router';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { UpdatePasswordForm } from '~/features/auth';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Nouveau mot de passe',
    description: 'Choisissez un nouveau mot de passe.',
    path: '/update-password',
    noindex: true,
  });

/** Reached by the emailed link: /update-password?token=... (or ?error=INVALID_TOKEN when it has expired). */
export default function UpdatePasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const usable = token && !params.get('error');

  return (
    <section className="mx-auto flex max-w-md flex-col gap-6 px-4 py-16">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Nouveau mot de passe</h1>
        {usable ? <p className="mt-2 text-slate-600">Choisissez le nouveau mot de passe de votre compte.</p> : null}
      </div>
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          {usable ? (
            <UpdatePasswordForm token={token} />
          ) : (
            <>
              <Alert variant="destructive">
                <AlertDescription>{authMessages.invalidResetLink}</AlertDescription>
              </Alert>
              <Button asChild>
                <Link to="/reset-password">Demander un nouveau lien</Link>
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
