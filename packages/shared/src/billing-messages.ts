// Billing's words, with no dependency: the pricing page loads them without zod.

import { apiErrors } from './errors';

/** Billing messages (spec sections 7 and 8). */
export const billingMessages = {
  unknownPlan: 'Formule inconnue\u00a0: choisissez la formule mensuelle ou annuelle.',
  checkoutError: 'Erreur lors de la création de la session de paiement',
  portalError: 'Erreur lors de l’ouverture du portail client',
  subscriptionRequired: apiErrors.SUBSCRIPTION_REQUIRED.message,
  demoBadge: 'Démonstration',
  alreadySubscribed: apiErrors.ALREADY_SUBSCRIBED.message,
  collectedDaysAgo: 'Le nombre de jours doit être un nombre entier de 0 à 60.',
} as const;
