// The network's figures on the public pages (issue 29): `/` and `/groupes` show how many members,
// groups and how much business confirmed this year, counted by the server and written into the
// served HTML (apps/server/src/lib/network-figures-page.ts). Dependency-free: the public pages
// load it without zod.

import { formatCount, formatNumber } from './format';

/** The server counts again at most this often (a cache per instance, docs/product/decisions.md). */
export const NETWORK_FIGURES_REFRESH_MINUTES = 10;

/** The id of the `<script type="application/json">` holding the NetworkFigures the page was served with. */
export const NETWORK_FIGURES_ID = 'chiffres-reseau';

/** The attribute on the figures' block (built hidden) and on each figure's value. */
export const NETWORK_FIGURES_BLOCK = 'data-chiffres-reseau';
export const NETWORK_FIGURE_SLOT = 'data-chiffre';

export type NetworkFigureName = 'members' | 'groups' | 'businessCents';

/** What the server counts (apps/server/src/domain/network-figures.ts). */
export interface NetworkFigures {
  members: number;
  groups: number;
  /** Cents excluding VAT. */
  businessCents: number;
  /** The Paris calendar year of `businessCents`. */
  year: number;
  /** When it was counted (ISO 8601). */
  countedAt: string;
}

/** What each figure counts, printed under it on the page. */
export const networkFigureDefinitions = {
  members: 'Membres\u00a0: les professionnels dont l’abonnement est en cours aujourd’hui, période d’essai comprise.',
  groups: 'Groupes\u00a0: les groupes locaux du réseau, ceux que liste la page Groupes locaux.',
  business: (year: number) =>
    `Affaires confirmées en ${year}\u00a0: le montant hors taxes des affaires conclues grâce à une recommandation du réseau, déclarées par le membre recommandé et confirmées par celui qui l’a recommandé, depuis le 1er janvier ${year} (heure de Paris).`,
  refresh: `Chiffres comptés par le serveur, mis à jour au plus toutes les ${NETWORK_FIGURES_REFRESH_MINUTES} minutes.`,
} as const;

export const networkFigureLabels = {
  title: 'Le réseau en chiffres',
  members: { one: 'membre', other: 'membres' },
  groups: { one: 'groupe local', other: 'groupes locaux' },
  business: (year: number) => `d’affaires confirmées en ${year} (HT)`,
} as const;

/** Each slot's text, written by the server into the served HTML and rendered the same by the page. */
export type NetworkFigureSlot = 'members' | 'groups' | 'business' | 'businessLabel' | 'businessDefinition';

export const NETWORK_FIGURE_SLOTS: readonly NetworkFigureSlot[] = [
  'members',
  'groups',
  'business',
  'businessLabel',
  'businessDefinition',
];

/** The texts of the slots for these figures: one home for both the server and the page. */
export function networkFigureTexts(figures: NetworkFigures): Record<NetworkFigureSlot, string> {
  return {
    members: formatCount(figures.members, networkFigureLabels.members),
    groups: formatCount(figures.groups, networkFigureLabels.groups),
    // Whole euros: '1 234 567 €'.
    business: `${formatNumber(Math.round(figures.businessCents / 100))}\u00a0€`,
    businessLabel: networkFigureLabels.business(figures.year),
    businessDefinition: networkFigureDefinitions.business(figures.year),
  };
}
