import { z } from 'zod';
import { LEADER_ROLES, TITLE_FORMS, type TitleForm } from './group-constants';
import { waitInWords } from './quotas';

/**
 * Importing a group's roster (issue 33, docs/product/roster-import.md): a CSV or XLSX file read
 * by the server, its columns mapped on a preview screen, a dry run that names each line's
 * problems, then the import in one transaction.
 */

/** Lines of members a file may carry (its header line aside); beyond, the file is refused whole. */
export const ROSTER_MAX_LINES = 500;
/** The file's size (2 Mo): a 500-line roster is about 60 Ko as CSV, 30 Ko as XLSX. */
export const ROSTER_MAX_BYTES = 2 * 1024 * 1024;
/** Columns a file may carry, and characters a cell may hold. */
export const ROSTER_MAX_COLUMNS = 60;
export const ROSTER_MAX_CELL = 500;

/** The fields a column can be mapped to. `name` takes one column, or two (first name, last name). */
export const ROSTER_FIELDS = ['name', 'email', 'phone', 'company', 'trade', 'role', 'form'] as const;
export type RosterField = (typeof ROSTER_FIELDS)[number];
export const ROSTER_FIELD_LABELS: Record<RosterField, string> = {
  name: 'Nom',
  email: 'Email',
  phone: 'Téléphone',
  company: 'Entreprise',
  trade: 'Métier',
  role: 'Rôle',
  form: 'Civilité',
};

export const rosterMessages = {
  tooManyLines: `Le fichier compte plus de ${ROSTER_MAX_LINES} lignes\u00a0: importez au plus ${ROSTER_MAX_LINES} membres à la fois.`,
  tooLarge: 'Le fichier est trop volumineux (2 Mo maximum).',
  unreadable: 'Ce fichier ne se lit pas comme un tableau CSV ou XLSX.',
  oldExcel: 'Les fichiers .xls ne sont pas pris en charge\u00a0: enregistrez-le au format .xlsx ou .csv.',
  empty: 'Le fichier ne contient aucune ligne de membre sous sa ligne d’en-têtes.',
  tooManyColumns: `Le fichier compte trop de colonnes (${ROSTER_MAX_COLUMNS} au maximum).`,
  noFile: 'Aucun fichier reçu\u00a0: choisissez un fichier CSV ou XLSX.',
  // Per line (the dry run).
  missingName: 'Nom manquant',
  invalidName: (reason: string) => `Nom refusé\u00a0: ${reason}`,
  missingEmail: 'Email manquant',
  invalidEmail: (value: string) => `Email invalide\u00a0: «\u00a0${value}\u00a0»`,
  duplicateEmail: (line: number) => `Email en double dans le fichier (déjà à la ligne ${line})`,
  missingTrade: 'Métier manquant',
  unknownTrade: (value: string) => `Métier inconnu du catalogue\u00a0: «\u00a0${value}\u00a0» (choisissez-en un)`,
  ambiguousTrade: (value: string) =>
    `Métier ambigu\u00a0: «\u00a0${value}\u00a0» (choisissez parmi les métiers proposés)`,
  duplicateTrade: (label: string, line: number) =>
    `Le métier «\u00a0${label}\u00a0» est déjà pris par la ligne ${line} du fichier (un siège par métier)`,
  seatTaken: (label: string, holder: string) =>
    `Le siège «\u00a0${label}\u00a0» est déjà pris dans ce groupe par ${holder}`,
  seatOffered: (label: string) => `Le siège «\u00a0${label}\u00a0» est proposé au premier de sa liste d’attente`,
  inOtherGroup: (group: string) => `Déjà membre d’un autre groupe («\u00a0${group}\u00a0»)`,
  otherTrade: (label: string) => `Son compte indique un autre métier («\u00a0${label}\u00a0»)`,
  duplicateRole: (role: string, line: number) => `Rôle ${role} déjà donné à la ligne ${line} du fichier\u00a0: membre`,
  roleTaken: (role: string, holder: string) => `Rôle ${role} déjà tenu dans ce groupe par ${holder}\u00a0: membre`,
  roleForbidden: 'Rôle non repris\u00a0: seul le président du groupe ou un administrateur nomme les responsables',
  tooLong: (field: string, max: number) => `${field}\u00a0: ${max} caractères au maximum`,
  // Notes (not problems).
  alreadyMember: 'Déjà membre du groupe\u00a0: rien ne change',
  alreadyMemberOtherTrade: (label: string) =>
    `Déjà membre du groupe comme «\u00a0${label}\u00a0»\u00a0: rien ne change`,
  existingAccount: 'Compte existant\u00a0: il reçoit son siège',
  roleIgnored: (value: string) => `Rôle «\u00a0${value}\u00a0» non repris\u00a0: membre`,
  closeTrade: (label: string) => `Métier rapproché de «\u00a0${label}\u00a0»`,
  formIgnored: (value: string) => `Civilité «\u00a0${value}\u00a0» non reprise\u00a0: titres au masculin`,
  feminineFromFile: 'Titres au féminin (le fichier l’écrit au féminin)',
  // The whole file.
  groupFull: (free: number) =>
    free === 0
      ? 'Le groupe est complet (50 membres)\u00a0: aucun siège ne peut être donné.'
      : `Le groupe n’a plus que ${free} place${free > 1 ? 's' : ''} (50 membres au maximum)\u00a0: retirez des lignes.`,
  noLines: 'Aucune ligne à importer.',
  /**
   * The import's invitations against the importer's quota `rosterInvitations` (the dry run's
   * problem, and the import's 429): how many the file sends, how many are left, when it frees.
   */
  invitationQuota: (wanted: number, left: number, max: number, period: 'hour' | 'day', seconds: number) => {
    const per = period === 'hour' ? 'par heure' : 'par jour';
    const sent = `Cet import enverrait ${wanted} invitation${wanted > 1 ? 's' : ''} par email`;
    if (wanted > max) return `${sent}, plus que les ${max} permises ${per}\u00a0: importez la liste en plusieurs fois.`;
    const room = left === 0 ? 'il ne vous en reste aucune' : `il ne vous en reste que ${left}`;
    return `${sent}\u00a0: ${room} (${max} ${per}). Réessayez ${waitInWords(seconds)}, ou importez moins de lignes.`;
  },
  mappingMissing: (field: string) => `Choisissez la colonne «\u00a0${field}\u00a0».`,
};

/**
 * The French words of the import's roles column (and BNI Connect's English ones), folded: each
 * title in both forms (`Président`, `Présidente`: leaderRoleLabel, issue 31) and a few more.
 */
export const ROSTER_ROLE_WORDS: Record<(typeof LEADER_ROLES)[number], readonly string[]> = {
  president: ['president', 'presidente', 'president du groupe', 'presidente du groupe'],
  vice_president: ['vice president', 'vice presidente', 'vp'],
  secretary_treasurer: [
    'secretaire tresorier',
    'secretaire tresoriere',
    'secretary treasurer',
    'secretaire',
    'tresorier',
    'tresoriere',
    'secretary',
    'treasurer',
  ],
};

/**
 * The words of the optional `Civilité` column (issue 31: how an imported member's titles and trade
 * read), folded: what a French leader's spreadsheet writes (`Madame`, `Mme`, `Monsieur`, `M.`), the
 * letters `F` / `H` / `M`, and BNI Connect's English (`Mrs`, `Ms`, `Mr`). Another word (`Dr`,
 * `Maître`) is left aside with a note: titles in the masculine, as for an empty cell.
 */
export const ROSTER_FORM_WORDS: Record<TitleForm, readonly string[]> = {
  feminine: [
    'madame',
    'mme',
    'mmes',
    'mademoiselle',
    'mlle',
    'f',
    'femme',
    'feminin',
    'au feminin',
    'mrs',
    'ms',
    'miss',
  ],
  masculine: ['monsieur', 'm', 'mr', 'h', 'homme', 'masculin', 'au masculin'],
};

/** Role words written in the feminine (folded): the file says so, the titles follow. */
export const ROSTER_FEMININE_ROLE_WORDS: readonly string[] = [
  'presidente',
  'presidente du groupe',
  'vice presidente',
  'secretaire tresoriere',
  'tresoriere',
];

/** The form a `Civilité` cell names: null for an empty cell, 'unknown' for another word. */
export function rosterFormOf(text: string): TitleForm | null | 'unknown' {
  const key = foldRosterText(text);
  if (!key) return null;
  for (const form of TITLE_FORMS) if (ROSTER_FORM_WORDS[form].includes(key)) return form;
  return 'unknown';
}

/**
 * The headers each field is guessed from, folded (lower case, no accents, words separated by one
 * space). French headers, and the columns of a roster exported from BNI Connect (`First Name`,
 * `Last Name`, `Company Name`, `Email`, `Phone`, `Profession/Specialty`, `Chapter Role`).
 */
export const ROSTER_HEADER_WORDS = {
  name: ['nom complet', 'nom et prenom', 'prenom et nom', 'prenom nom', 'nom prenom', 'full name', 'name', 'membre'],
  firstName: ['prenom', 'first name', 'firstname', 'given name'],
  lastName: ['nom', 'nom de famille', 'last name', 'lastname', 'surname', 'family name'],
  email: ['email', 'e mail', 'courriel', 'adresse email', 'adresse e mail', 'mail', 'email address'],
  phone: [
    'telephone',
    'tel',
    'portable',
    'mobile',
    'phone',
    'phone number',
    'mobile phone',
    'business phone',
    'numero de telephone',
  ],
  company: ['entreprise', 'societe', 'raison sociale', 'company', 'company name', 'business name', 'organisation'],
  trade: [
    'metier',
    'profession',
    'activite',
    'profession specialty',
    'specialty',
    'specialite',
    'categorie',
    'classification',
  ],
  role: ['role', 'fonction', 'chapter role', 'role dans le groupe', 'leadership role', 'poste'],
  form: ['civilite', 'civ', 'accord', 'genre', 'sexe', 'salutation', 'prefix', 'gender'],
} as const;

/** Lower case, accents off, anything but letters and digits one space: how headers, trades and roles compare. */
export function foldRosterText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const cell = z.string().max(ROSTER_MAX_CELL, { error: `Une case compte ${ROSTER_MAX_CELL} caractères au maximum.` });
const columnIndex = z
  .number()
  .int()
  .min(0)
  .max(ROSTER_MAX_COLUMNS - 1);

export const rosterMappingSchema = z.object({
  /** One column (full name) or two (first name, then last name), joined by a space. */
  name: z.array(columnIndex).max(2),
  email: columnIndex.nullable(),
  phone: columnIndex.nullable(),
  company: columnIndex.nullable(),
  trade: columnIndex.nullable(),
  role: columnIndex.nullable(),
  /** The optional `Civilité` column (absent from a client of before it: none). */
  form: columnIndex.nullable().default(null),
});
export type RosterMapping = z.infer<typeof rosterMappingSchema>;

export const rosterRowSchema = z.object({
  /** The line of the file (its header is line 1 of a CSV, or its row number in the sheet). */
  line: z.number().int().min(1),
  cells: z.array(cell).max(ROSTER_MAX_COLUMNS),
});
export type RosterRow = z.infer<typeof rosterRowSchema>;

/** What the upload answers: the file's table, and the mapping guessed from its headers. */
export const rosterTableSchema = z.object({
  format: z.enum(['csv', 'xlsx']),
  /** How a CSV file was decoded ('utf-8' with or without its BOM, 'windows-1252'); null for XLSX. */
  encoding: z.enum(['utf-8', 'utf-16le', 'windows-1252']).nullable(),
  /** A CSV's separator; null for XLSX. */
  separator: z.enum([',', ';', '\t']).nullable(),
  headers: z.array(cell).max(ROSTER_MAX_COLUMNS),
  rows: z.array(rosterRowSchema).max(ROSTER_MAX_LINES),
  mapping: rosterMappingSchema,
});
export type RosterTable = z.infer<typeof rosterTableSchema>;

/** The dry run's and the import's body: the table, the mapping, and the trades chosen on the preview. */
export const rosterImportSchema = z.object({
  headers: z.array(cell).max(ROSTER_MAX_COLUMNS),
  rows: z.array(rosterRowSchema).max(ROSTER_MAX_LINES, { error: rosterMessages.tooManyLines }),
  mapping: rosterMappingSchema,
  /** A trade text as the file writes it (folded) → the catalogue trade chosen for it. */
  tradeChoices: z
    .record(z.string().max(ROSTER_MAX_CELL), z.uuid())
    .default({})
    .refine((choices) => Object.keys(choices).length <= ROSTER_MAX_LINES),
});
export type RosterImportInput = z.input<typeof rosterImportSchema>;

export const ROSTER_TRADE_MATCHES = ['exact', 'close', 'chosen', 'ambiguous', 'unknown', 'missing'] as const;
export const ROSTER_ACTIONS = ['create', 'attach', 'unchanged', 'refused'] as const;
export type RosterAction = (typeof ROSTER_ACTIONS)[number];
export const ROSTER_ACTION_LABELS: Record<RosterAction, string> = {
  create: 'Compte créé et invité',
  attach: 'Compte existant rattaché',
  unchanged: 'Déjà membre',
  refused: 'Refusée',
};

const tradeRef = z.object({ id: z.uuid(), label: z.string() });

export const rosterLineSchema = z.object({
  line: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string(),
  tradeText: z.string(),
  trade: tradeRef.nullable(),
  role: z.enum(LEADER_ROLES).nullable(),
  /** How the new account's titles and trade read (the `Civilité` column, or the file's feminine words). */
  titleForm: z.enum(TITLE_FORMS),
  /** The trade's label as the member will read it (the feminine where chosen and the trade has one). */
  tradeLabel: z.string().nullable(),
  action: z.enum(ROSTER_ACTIONS),
  problems: z.array(z.string()),
  notes: z.array(z.string()),
});
export type RosterLine = z.infer<typeof rosterLineSchema>;

/** A trade text of the file that was not found as it is: the choices the preview offers. */
export const rosterTradeSchema = z.object({
  key: z.string(),
  text: z.string(),
  match: z.enum(ROSTER_TRADE_MATCHES),
  trade: tradeRef.nullable(),
  candidates: z.array(tradeRef),
});
export type RosterTrade = z.infer<typeof rosterTradeSchema>;

export const rosterReviewSchema = z.object({
  lines: z.array(rosterLineSchema),
  trades: z.array(rosterTradeSchema),
  /** What refuses the whole file (the group's 50 seats, a missing column). */
  problems: z.array(z.string()),
  counts: z.object({
    create: z.number().int(),
    attach: z.number().int(),
    unchanged: z.number().int(),
    refused: z.number().int(),
  }),
  /** True when nothing refuses the import. */
  ready: z.boolean(),
});
export type RosterReview = z.infer<typeof rosterReviewSchema>;

export const rosterImportResultSchema = z.object({
  created: z.number().int(),
  attached: z.number().int(),
  unchanged: z.number().int(),
  invited: z.number().int(),
});
export type RosterImportResult = z.infer<typeof rosterImportResultSchema>;
