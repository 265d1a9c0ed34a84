// Billing's words, with no dependency: the pricing page loads them without zod.

/** Billing messages (spec sections 7 and 8). */
export const billingMessages = {
  unknownPlan: 'Formule inconnue : choisissez la formule mensuelle ou annuelle.',
  checkoutError: 'Erreur lors de la création de la session de paiement',
  portalError: "Erreur lors de l'ouverture du portail client",
  subscriptionRequired: 'Vous devez avoir un abonnement actif pour accéder à cette page',
  demoBadge: 'Démonstration',
  alreadySubscribed: 'Vous avez déjà un abonnement actif : gérez-le depuis le portail client.',
} as const;
