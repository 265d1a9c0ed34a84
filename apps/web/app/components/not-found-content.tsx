import { ArrowLeft, House } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';

/** The site's 404 page body: the catch-all route and client pages whose item does not exist. */
export function NotFoundContent() {
  const navigate = useNavigate();
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-6 px-4 py-16 text-center">
      <p className="text-7xl font-extrabold text-brand-700">404</p>
      <h1 className="text-3xl font-bold">Page introuvable</h1>
      <p className="text-slate-600">La page que vous cherchez n’existe pas ou a été déplacée.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button variant="outline" onClick={() => navigate(-1)}>
          <ArrowLeft aria-hidden="true" />
          Retour
        </Button>
        <Button asChild>
          <Link to="/">
            <House aria-hidden="true" />
            Accueil
          </Link>
        </Button>
      </div>
    </section>
  );
}
