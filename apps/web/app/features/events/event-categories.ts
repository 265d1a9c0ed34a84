export interface EventCategoryInfo {
  /** As stored in event_categories.name (seeded by migration 0001). */
  name: string;
  /** Shipped with the site (public/images/event-categories), 1200x675. */
  image: string;
  imageAlt: string;
  description: string;
}

/** The six event formats with their fixed images (spec section 9), presented on /events. */
export const eventCategories: readonly EventCategoryInfo[] = [
  {
    name: 'Atelier',
    image: '/images/event-categories/atelier.svg',
    imageAlt: 'Illustration Atelier : deux engrenages et un crayon',
    description:
      'Des sessions pratiques en petit groupe pour apprendre un outil, une méthode ou partager un savoir-faire métier.',
  },
  {
    name: 'Afterwork',
    image: '/images/event-categories/afterwork.svg',
    imageAlt: 'Illustration Afterwork : deux verres qui trinquent',
    description:
      'Des rencontres conviviales après le travail pour échanger entre membres et tisser des liens durables.',
  },
  {
    name: 'Conférence',
    image: '/images/event-categories/conference.svg',
    imageAlt: 'Illustration Conférence : un micro sur pied',
    description:
      'Des interventions d’experts sur l’entrepreneuriat, la gestion, le numérique ou les tendances de vos secteurs.',
  },
  {
    name: 'Forum',
    image: '/images/event-categories/forum.svg',
    imageAlt: 'Illustration Forum : deux bulles de discussion',
    description:
      'Des temps d’échange ouverts où chacun présente son activité, ses besoins et ses propositions de collaboration.',
  },
  {
    name: 'Réunion',
    image: '/images/event-categories/reunion.svg',
    imageAlt: 'Illustration Réunion : six participants autour d’une table ronde',
    description:
      'Les rencontres régulières de votre groupe local pour partager des recommandations et suivre les affaires en cours.',
  },
  {
    name: 'Lancement',
    image: '/images/event-categories/lancement.svg',
    imageAlt: 'Illustration Lancement : une fusée qui décolle',
    description: 'L’inauguration d’un nouveau groupe, d’un produit ou d’une entreprise de membre, à fêter ensemble.',
  },
];
