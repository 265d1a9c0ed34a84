import { Link } from 'react-router';
import { Card, CardContent } from '~/components/ui/card';
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
      <h1 className="text-center text-3xl font-bold tracking-tight text-slate-900">Réinitialiser le mot de passe</h1>
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          <p className="text-slate-700">
            L'espace membre ouvre très bientôt. Vous pourrez alors recevoir ici, par email, un lien pour choisir un
            nouveau mot de passe.
          </p>
          <p className="text-slate-700">
            <Link to="/contact" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
              Contactez-nous
            </Link>{' '}
            pour être informé de l'ouverture.
          </p>
          <Link to="/auth" className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
            Retour à la connexion
          </Link>
        </CardContent>
      </Card>
    </section>
  );
}
