// Suggestions that explain themselves (issue 29): `Qui rencontrer en tête-à-tête` and `Les métiers
// qui manquent à votre groupe`. No learning: every suggestion comes from counts the page shows
// under `Pourquoi ?`. Written once here, dependency-free (the pages load them without zod).

/** The recommendations counted are those passed over this many days, up to today. */
export const SUGGESTION_DAYS = 365;

/** How many members `Qui rencontrer en tête-à-tête` proposes. */
export const ONE_TO_ONE_SUGGESTIONS_SHOWN = 6;

/** How many trades `Les métiers qui manquent à votre groupe` proposes. */
export const MISSING_TRADES_SHOWN = 5;

/** How close a suggested member is, from their home group and city to mine (nearest first). */
export type Proximity = 'same_group' | 'same_city' | 'same_department' | 'same_region' | 'elsewhere';

export const PROXIMITY_ORDER: readonly Proximity[] = [
  'same_group',
  'same_city',
  'same_department',
  'same_region',
  'elsewhere',
];

/** "Groups like this one": the other groups of the same région, else (none there) every other group. */
export type LikeGroupsScope = 'region' | 'network';

export const suggestionDefinitions = {
  oneToOne:
    'Qui rencontrer\u00a0: les membres abonnés dont le métier a le plus échangé de recommandations gagnées avec le vôtre dans tout le réseau (dans un sens ou dans l’autre, sur les 12 derniers mois), que vous n’avez pas encore rencontrés en tête-à-tête (ni confirmé, ni en attente), les plus proches d’abord.',
  nearest:
    'Les plus proches\u00a0: d’abord les membres de votre groupe, puis ceux de votre ville (la ville du profil, sinon celle du groupe), de votre département, de votre région (ceux de vos groupes), enfin le reste de la France.',
  missingTrades:
    'Métiers qui manquent\u00a0: les métiers sans membre dans votre groupe qui ont reçu le plus de recommandations sur les 12 derniers mois dans les groupes comparables.',
  likeGroups:
    'Groupes comparables\u00a0: les autres groupes de votre région, ou tous les autres groupes du réseau quand votre région n’en compte pas d’autre.',
} as const;

export const suggestionMessages = {
  oneToOneTitle: 'Qui rencontrer en tête-à-tête',
  oneToOneIntro:
    'Des membres dont le métier échange souvent des affaires avec le vôtre, que vous n’avez pas encore rencontrés.',
  missingTitle: 'Les métiers qui manquent à votre groupe',
  missingIntro:
    'Les métiers absents de votre groupe qui reçoivent le plus de recommandations dans les groupes comparables\u00a0: des profils à inviter.',
  why: 'Pourquoi\u202f?',
  definitions: 'Comment ces suggestions sont faites',
  loading: 'Chargement des suggestions…',
  loadFailed: 'Impossible de charger les suggestions.',
  noTrade: 'Choisissez votre métier dans votre profil pour recevoir des suggestions de tête-à-tête.',
  noOneToOne:
    'Aucune suggestion pour le moment\u00a0: aucun métier n’a encore gagné d’affaires avec le vôtre, ou vous avez déjà rencontré leurs membres.',
  noGroup: 'Rejoignez un groupe pour voir les métiers qui lui manquent.',
  noMissing:
    'Aucune suggestion pour le moment\u00a0: les groupes comparables n’ont pas reçu de recommandation pour un métier absent du vôtre.',
  meet: 'Déclarer un tête-à-tête',
  seeProfile: 'Voir la fiche',
  tradePair: (mine: string, theirs: string, won: string) =>
    `Les métiers ${mine} et ${theirs} se sont passé ${won} dans le réseau sur les 12 derniers mois.`,
  confirmedPart: (confirmed: string, amount: string) => `Dont ${confirmed} pour ${amount} HT.`,
  notMet: 'Vous ne vous êtes pas encore rencontrés en tête-à-tête.',
  proximity: {
    same_group: (place: string) => `Proximité\u00a0: votre groupe (${place}).`,
    same_city: (place: string) => `Proximité\u00a0: votre ville (${place}).`,
    same_department: (place: string) => `Proximité\u00a0: votre département (${place}).`,
    same_region: (place: string) => `Proximité\u00a0: votre région (${place}).`,
    elsewhere: (_place: string) => 'Proximité\u00a0: ailleurs en France.',
  } satisfies Record<Proximity, (place: string) => string>,
  likeGroups: (scope: LikeGroupsScope, count: string, region: string) =>
    scope === 'region' ? `${count} de la région ${region}` : `${count} du réseau, aucun autre dans votre région`,
  received: (trade: string, received: string, where: string) =>
    `Le métier ${trade} a reçu ${received} sur les 12 derniers mois dans les groupes comparables (${where}).`,
  seated: (groups: string, likeGroups: string) => `Un membre de ce métier siège dans ${groups} sur ${likeGroups}.`,
  absent: 'Votre groupe n’a aucun membre de ce métier.',
} as const;
