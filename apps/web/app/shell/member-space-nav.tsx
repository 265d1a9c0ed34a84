import {
  Building2,
  Coffee,
  FolderKanban,
  Handshake,
  LayoutDashboard,
  MessageSquareQuote,
  MessagesSquare,
  Plus,
  ShieldCheck,
  UserPlus,
  UserRound,
  Users,
  UsersRound,
} from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { useMe } from '~/features/profile';
import { cn } from '~/lib/utils';

const links = [
  { to: '/dashboard', label: 'Tableau de bord', icon: LayoutDashboard },
  { to: '/mon-groupe', label: 'Mon groupe', icon: UsersRound },
  { to: '/members', label: 'Annuaire', icon: Users },
  { to: '/recommandations', label: 'Recommandations', icon: Handshake },
  { to: '/visiteurs', label: 'Visiteurs', icon: UserPlus },
  { to: '/tete-a-tete', label: 'Tête-à-tête', icon: Coffee },
  { to: '/temoignages', label: 'Témoignages', icon: MessageSquareQuote },
  { to: '/forum', label: 'Forum', icon: MessagesSquare },
  { to: '/my-projects', label: 'Mes projets', icon: FolderKanban },
  { to: '/companies', label: 'Entreprises partenaires', icon: Building2 },
  { to: '/profile', label: 'Mon profil', icon: UserRound },
];

/** Shown to admins only; the API refuses everyone else anyway. */
const adminLinks = [
  { to: '/admin/members', label: 'Admin\u202f: membres', icon: ShieldCheck },
  { to: '/admin/partners', label: 'Admin\u202f: partenaires', icon: ShieldCheck },
  { to: '/admin/event-categories', label: 'Admin\u202f: catégories', icon: ShieldCheck },
  { to: '/admin/forum', label: 'Admin\u202f: forum', icon: ShieldCheck },
  { to: '/admin/commissions', label: 'Admin\u202f: commissions', icon: ShieldCheck },
  { to: '/admin/metiers', label: 'Admin\u202f: métiers', icon: ShieldCheck },
  { to: '/admin/groupes', label: 'Admin\u202f: groupes', icon: ShieldCheck },
  { to: '/admin/recommandations', label: 'Admin\u202f: recommandations', icon: ShieldCheck },
];

/** The member area's own navigation, under the hero of each of its pages. */
export function MemberSpaceNav() {
  const me = useMe();
  const items = me.data?.isAdmin ? [...links, ...adminLinks] : links;
  return (
    <nav aria-label="Mon espace" className="border-b border-slate-200 bg-white">
      <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 sm:px-6 lg:px-8">
        {items.map(({ to, label, icon: Icon }) => (
          <li key={to} className="shrink-0">
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-2 border-b-2 px-3 py-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  isActive
                    ? 'border-brand-700 text-brand-800'
                    : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900',
                )
              }
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </NavLink>
          </li>
        ))}
        {/* The way to give a recommendation from anywhere in the member space (network-core §3). */}
        <li className="flex shrink-0 items-center py-1.5 pl-2">
          <Link
            to="/recommandations/nouvelle"
            className="inline-flex items-center gap-1.5 rounded-md bg-orange-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-orange-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <Plus aria-hidden="true" className="size-4" />
            Recommander
          </Link>
        </li>
      </ul>
    </nav>
  );
}
