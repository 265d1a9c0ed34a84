import { House } from 'lucide-react';
import { Link, useLocation } from 'react-router';

/** The floating round button back to / shown on every page but the home page. */
export function HomeButton() {
  const { pathname } = useLocation();
  if (pathname === '/') return null;
  return (
    <Link
      to="/"
      aria-label="Retour à l’accueil"
      title="Retour à l’accueil"
      className="fixed bottom-6 right-6 z-40 flex size-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg transition-transform hover:scale-105 hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <House aria-hidden="true" className="size-6" />
    </Link>
  );
}
