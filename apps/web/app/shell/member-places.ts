import { TODAY_PAGE_PATH } from '@synergie/shared/site';
import {
  Building2,
  CalendarClock,
  CalendarDays,
  Coffee,
  Ellipsis,
  FolderKanban,
  Handshake,
  LayoutDashboard,
  type LucideIcon,
  MessageSquareQuote,
  MessagesSquare,
  Network,
  ShieldCheck,
  Sunrise,
  TrendingUp,
  UserPlus,
  UserRound,
  Users,
  UsersRound,
} from 'lucide-react';

/**
 * The member app's places (issue 28), written once: the phone's bottom bar and the desktop's side
 * bar show the five places; `Plus` (/plus, and the side bar's sections) the rest, admins' pages for
 * admins only (the API refuses everyone else anyway).
 */
export interface Place {
  to: string;
  label: string;
  icon: LucideIcon;
  /** The central action: drawn apart. */
  primary?: boolean;
  /** Other addresses that belong to this place (its active state). */
  also?: readonly string[];
}

export const TODAY_PATH = TODAY_PAGE_PATH;

export const places: readonly Place[] = [
  { to: TODAY_PATH, label: 'Aujourd’hui', icon: Sunrise },
  { to: '/mon-groupe', label: 'Mon groupe', icon: UsersRound, also: ['/groupes/'] },
  { to: '/recommandations/nouvelle', label: 'Recommander', icon: Handshake, primary: true },
  { to: '/reunions', label: 'Réunions', icon: CalendarClock, also: ['/pointage'] },
  { to: '/plus', label: 'Plus', icon: Ellipsis },
];

export interface PlaceSection {
  title: string;
  links: readonly Place[];
  /** Shown to admins only. */
  admin?: boolean;
}

export const moreSections: readonly PlaceSection[] = [
  {
    title: 'Mon activité',
    links: [
      { to: '/recommandations', label: 'Mes recommandations', icon: Handshake },
      { to: '/mon-retour', label: 'Mon retour sur cotisation', icon: TrendingUp },
      { to: '/dashboard', label: 'Tableau de bord', icon: LayoutDashboard },
      { to: '/tete-a-tete', label: 'Tête-à-tête', icon: Coffee },
      { to: '/temoignages', label: 'Témoignages', icon: MessageSquareQuote },
      { to: '/visiteurs', label: 'Visiteurs', icon: UserPlus },
      { to: '/my-projects', label: 'Mes projets', icon: FolderKanban },
    ],
  },
  {
    title: 'Le réseau',
    links: [
      { to: '/members', label: 'Annuaire', icon: Users, also: ['/membres/'] },
      { to: '/forum', label: 'Forum', icon: MessagesSquare },
      { to: '/events', label: 'Événements', icon: CalendarDays },
      { to: '/groupes', label: 'Groupes', icon: Network },
      { to: '/companies', label: 'Entreprises partenaires', icon: Building2 },
    ],
  },
  {
    title: 'Mon compte',
    links: [{ to: '/profile', label: 'Mon profil', icon: UserRound }],
  },
  {
    title: 'Administration',
    admin: true,
    links: [
      { to: '/admin/members', label: 'Membres', icon: ShieldCheck },
      { to: '/admin/groupes', label: 'Groupes', icon: ShieldCheck },
      { to: '/admin/metiers', label: 'Métiers', icon: ShieldCheck },
      { to: '/admin/recommandations', label: 'Recommandations', icon: ShieldCheck },
      { to: '/admin/quotas', label: 'Limites par membre', icon: ShieldCheck },
      { to: '/admin/sante-du-reseau', label: 'Santé du réseau', icon: ShieldCheck },
      { to: '/admin/commissions', label: 'Commissions', icon: ShieldCheck },
      { to: '/admin/partners', label: 'Partenaires', icon: ShieldCheck },
      { to: '/admin/event-categories', label: 'Catégories d’événements', icon: ShieldCheck },
      { to: '/admin/forum', label: 'Forum', icon: ShieldCheck },
      { to: '/admin/webhooks', label: 'Webhooks', icon: ShieldCheck },
    ],
  },
];

/** The visitors' site, reached from `Plus`. */
export const publicLinks: readonly { to: string; label: string }[] = [
  { to: '/a-propos', label: 'À propos' },
  { to: '/pricing', label: 'Tarifs' },
  { to: '/services', label: 'Services' },
  { to: '/portfolio', label: 'Portfolio' },
  { to: '/blog', label: 'Blog' },
  { to: '/careers', label: 'Carrières' },
  { to: '/score', label: 'Le score' },
  { to: '/contact', label: 'Contact' },
  { to: '/cgu', label: 'Conditions générales' },
];

/** Whether `pathname` is inside a place (its own address, a sub-page, or one it claims). */
export function isInPlace(place: Pick<Place, 'to' | 'also'>, pathname: string): boolean {
  if (pathname === place.to || pathname.startsWith(`${place.to}/`)) return true;
  return (place.also ?? []).some((prefix) => pathname.startsWith(prefix));
}
