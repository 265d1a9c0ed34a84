import { NavLink } from 'react-router';
import { Card, CardContent } from '~/components/ui/card';
import { SignInPanel } from './sign-in-panel';
import { SignUpForm } from './sign-up-form';

export type AuthTab = 'connexion' | 'inscription';

/** The two tabs' pages: both prerendered, so switching works before any script (issue 20). */
export const AUTH_TAB_PATHS: Record<AuthTab, string> = { connexion: '/auth', inscription: '/auth/inscription' };

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-center text-sm font-semibold transition-colors hover:text-slate-900 ${
    isActive ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-700'
  }`;

/**
 * The /auth page's two tabs (spec section 2): Connexion and Inscription. Each is a link to its own
 * page (`/auth`, `/auth/inscription`) rather than a script-driven tab, so a tap works from the
 * first paint; the current one is marked `aria-current="page"`.
 */
export function AuthTabs({ tab }: { tab: AuthTab }) {
  return (
    <div className="w-full">
      <nav aria-label="Connexion ou inscription">
        <ul className="grid grid-cols-2 rounded-lg bg-slate-100 p-1">
          <li className="grid">
            <NavLink to={AUTH_TAB_PATHS.connexion} end replace preventScrollReset className={tabClass}>
              Connexion
            </NavLink>
          </li>
          <li className="grid">
            <NavLink to={AUTH_TAB_PATHS.inscription} end replace preventScrollReset className={tabClass}>
              Inscription
            </NavLink>
          </li>
        </ul>
      </nav>
      <Card className="mt-4">
        <CardContent className="pt-6">{tab === 'connexion' ? <SignInPanel /> : <SignUpForm />}</CardContent>
      </Card>
    </div>
  );
}
