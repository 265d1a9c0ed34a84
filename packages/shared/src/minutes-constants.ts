/**
 * The minutes' words and limits (`Compte rendu`, issue 30), without zod: the meeting page reads
 * them; the schemas are in minutes.ts.
 */

export const MINUTES_CORRECTION_HOURS = 48;
export const MINUTES_NOTES_MAX = 4000;

export const minutesMessages = {
  title: 'Compte rendu',
  pageTitle: (date: string) => `Compte rendu de la réunion du ${date}`,
  download: 'Télécharger le PDF',
  attendance: 'Présences',
  present: 'Présents',
  remote: 'À distance',
  late: 'En retard',
  absent: 'Absents',
  excused: 'Excusés',
  substituted: 'Remplacés',
  remoteCounted: 'Les présences à distance comptent comme des présences dans ce groupe.',
  remoteNotCounted: 'Les présences à distance ne comptent pas comme des présences dans ce groupe.',
  recommendations: 'Recommandations passées',
  visitors: 'Visiteurs',
  business: 'Merci pour les affaires',
  nextPresenter: 'Présentation de la semaine prochaine',
  notes: 'Points à retenir',
  none: 'Aucun',
  noneFeminine: 'Aucune',
  notYet: 'Le compte rendu sera disponible après la fin de la réunion.',
  correct: 'Corriger le compte rendu',
  correctHint: (until: string) => `Vous pouvez corriger ce compte rendu jusqu’au ${until}.`,
  locked: 'Ce compte rendu est verrouillé.',
  saved: 'Compte rendu corrigé',
  save: 'Enregistrer la correction',
  version: (n: number) => `Version ${n}`,
  notesTooLong: `Les points à retenir ne peuvent pas dépasser ${MINUTES_NOTES_MAX} caractères.`,
  presenterTooLong: 'Le nom est trop long.',
  mailSubject: (group: string, date: string) => `${group}\u00a0: compte rendu de la réunion du ${date}`,
} as const;

/** The page's and the PDF's other words. */
export const minutesLabels = {
  deletedMember: 'Ancien membre',
  visitor: 'Visiteur',
  substitutedBy: (name: string) => `remplacé par ${name}`,
  thanks: (receiver: string, giver: string) => `${receiver} remercie ${giver}`,
  generatedOn: (date: string) => `Envoyé le ${date}.`,
  correctedBy: (name: string, date: string) => `Corrigé par ${name} le ${date}.`,
  correctedOn: (date: string) => `Corrigé le ${date}.`,
  notesLabel: 'Points à retenir (facultatif)',
  presenterLabel: 'Présentation de la semaine prochaine',
  reload: 'Recharger le compte rendu',
  saving: 'Enregistrement…',
} as const;
