import { Link } from 'react-router';
import { Card, CardContent } from '~/components/ui/card';
import { ResetRequestForm } from '~/features/auth';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Réinitialiser le mot de passe',
    description: 'Demandez un lien de réinitialisation de votre mot de passe Synergie Pro.',
    path: '/reset-password',
    noindex: true,
  });

export default function ResetPasswordPage() {
  return (
    <section className="mx-auto flex max-w-md flex-col gap-6 px-4 py-16">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Réinitialiser le mot de passe</h1>
        <p className="mt-2 text-slate-600">
          Indiquez l’email de votre compte : nous vous envoyons un lien pour choisir un nouveau mot de passe.
        </p>
      </div>
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          <ResetRequestForm />
          <Link to="/auth" className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
            Retour à la connexion
          </Link>
        </CardContent>
      </Card>
    </section>
  );
}
