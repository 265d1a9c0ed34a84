import { House, Mail, RotateCw } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Erreur serveur',
    description: 'Une erreur inattendue est survenue. Veuillez réessayer dans quelques instants.',
    path: '/500',
    noindex: true,
  });

export default function ServerErrorPage() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-6 px-4 py-16 text-center">
      <p className="text-7xl font-extrabold text-brand-700" aria-hidden="true">
        500
      </p>
      <h1 className="text-3xl font-bold">Erreur serveur</h1>
      <p className="text-slate-600">
        Une erreur inattendue est survenue de notre côté. Veuillez réessayer dans quelques instants ; si le problème
        persiste, contactez-nous.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button type="button" onClick={() => window.location.reload()}>
          <RotateCw aria-hidden="true" />
          Réessayer
        </Button>
        <Button asChild variant="outline">
          <Link to="/">
            <House aria-hidden="true" />
            Accueil
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/contact">
            <Mail aria-hidden="true" />
            Nous contacter
          </Link>
        </Button>
      </div>
    </section>
  );
}
