import { Link } from 'react-router';
import { SITE_NAME } from '~/lib/site';

/**
 * `roomForHomeButton`: the round home button floats at the bottom right of visitors' pages; the
 * footer's last line keeps clear of it, so it never covers `Contact` (issue 31).
 */
export function SiteFooter({ roomForHomeButton = false }: { roomForHomeButton?: boolean }) {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-slate-900 text-slate-300">
      <div
        className={`mx-auto flex max-w-7xl flex-col gap-4 px-4 pt-8 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8 ${roomForHomeButton ? 'pb-24' : 'pb-8'}`}
      >
        <p className="text-sm">
          © {year} {SITE_NAME}. Tous droits réservés.
        </p>
        <nav aria-label="Liens du pied de page">
          <ul className="flex flex-wrap gap-6 text-sm">
            <li>
              <Link to="/cgu" className="hover:text-white hover:underline">
                Conditions générales d’utilisation
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
