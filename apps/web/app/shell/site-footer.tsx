import { Link } from 'react-router';
import { SITE_NAME } from '~/lib/site';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-slate-900 text-slate-300">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p className="text-sm">
          © {year} {SITE_NAME}. Tous droits réservés.
        </p>
        <nav aria-label="Liens du pied de page">
          <ul className="flex flex-wrap gap-6 text-sm">
            <li>
              <Link to="/cgu" className="hover:text-white hover:underline">
                Conditions générales d'utilisation
              </Link>
            </li>
            <li>
              <Link to="/groupes" className="hover:text-white hover:underline">
                Groupes
              </Link>
            </li>
            <li>
              <Link to="/forum" className="hover:text-white hover:underline">
                Forum
              </Link>
            </li>
            <li>
              <Link to="/partners" className="hover:text-white hover:underline">
                Partenaires
              </Link>
            </li>
            <li>
              <Link to="/contact" className="hover:text-white hover:underline">
                Contact
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
