// The careers page's words (spec section 8), with no dependency: the page loads them without zod.

import { apiErrors } from './errors';

export const jobMessages = {
  loadFailed: 'Erreur lors du chargement des offres',
  signInRequired: 'Vous devez être connecté',
  createFailed: 'Erreur lors de l’ajout de l’offre',
  created: 'Offre ajoutée avec succès\u202f!',
  deleteFailed: 'Erreur lors de la suppression',
  deleted: 'Offre supprimée',
  signInToApply: 'Vous devez être connecté pour postuler',
  alreadyApplied: apiErrors.ALREADY_APPLIED.message,
  applyFailed: 'Erreur lors de la candidature',
  applied: 'Candidature envoyée avec succès\u202f!',
  anonymous: 'Anonyme',
  notFound: 'Offre introuvable',
  notOwner: 'Seul l’auteur de cette offre peut la supprimer.',
  applicationsNotOwner: 'Seul l’auteur de cette offre peut voir ses candidatures.',
  ownOffer: apiErrors.OWN_OFFER.message,
  applicationsLoadFailed: 'Erreur lors du chargement des candidatures',
  applyPrompt: 'Pourquoi cette offre vous intéresse-t-elle\u202f?',
} as const;

/** 'Publié par {name} de {company}', 'Publié par {name}' without a company, else 'Anonyme'. */
export function publishedByLabel(author: { fullName: string | null; companyName: string | null }): string {
  const name = author.fullName?.trim();
  if (!name) return jobMessages.anonymous;
  const company = author.companyName?.trim();
  return company ? `Publié par ${name} de ${company}` : `Publié par ${name}`;
}
