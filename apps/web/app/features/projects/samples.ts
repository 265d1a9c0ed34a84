export interface SampleProject {
  slug: string;
  title: string;
  category: string;
  description: string;
  tags: readonly string[];
  /** Shipped with the site (public/images/projects), 800x500. */
  image: string;
  imageAlt: string;
}

/** The six sample projects of the static 'Projets {product}' section (spec section 2, Portfolio page). */
export const sampleProjects: readonly SampleProject[] = [
  {
    slug: 'boutique-artisanale',
    title: 'Boutique en ligne pour un artisan chocolatier',
    category: 'E-commerce',
    description:
      'Création d’une boutique en ligne avec paiement sécurisé, gestion des stocks et retrait en magasin : les ventes de fin d’année ont doublé dès la première saison.',
    tags: ['Boutique en ligne', 'Paiement sécurisé', 'Référencement'],
    image: '/images/projects/boutique-artisanale.webp',
    imageAlt: 'Maquette de boutique en ligne avec une grille de produits et un sac de courses',
  },
  {
    slug: 'reservation-cabinet-dentaire',
    title: 'Prise de rendez-vous pour un cabinet dentaire',
    category: 'Santé',
    description:
      'Une application de réservation reliée à l’agenda des praticiens, avec rappels automatiques : moins de rendez-vous manqués et un secrétariat soulagé.',
    tags: ['Application mobile', 'Agenda', 'Rappels automatiques'],
    image: '/images/projects/reservation-cabinet-dentaire.webp',
    imageAlt: 'Calendrier de rendez-vous à côté d’un écran de smartphone',
  },
  {
    slug: 'site-cabinet-avocats',
    title: 'Site vitrine d’un cabinet d’avocats',
    category: 'Site vitrine',
    description:
      'Refonte complète du site du cabinet : présentation des domaines de compétence, prise de contact simplifiée et pages pensées pour le référencement local.',
    tags: ['Design', 'Référencement local', 'Accessibilité'],
    image: '/images/projects/site-cabinet-avocats.webp',
    imageAlt: 'Maquette de site vitrine avec l’emblème d’un palais de justice',
  },
  {
    slug: 'tableau-de-bord-immobilier',
    title: 'Tableau de bord d’une agence immobilière',
    category: 'Immobilier',
    description:
      'Un tableau de bord qui réunit mandats, visites et ventes de l’agence, pour suivre l’activité de chaque négociateur en temps réel.',
    tags: ['Données', 'Tableaux de bord', 'Cloud'],
    image: '/images/projects/tableau-de-bord-immobilier.webp',
    imageAlt: 'Tableau de bord montrant une maison et un graphique d’activité',
  },
  {
    slug: 'suivi-de-chantier',
    title: 'Suivi de chantier pour une entreprise de rénovation',
    category: 'Rénovation',
    description:
      'Une application web partagée entre l’entreprise, ses sous-traitants et ses clients : planning, photos d’avancement et liste des réserves au même endroit.',
    tags: ['Application web', 'Planning', 'Photos de chantier'],
    image: '/images/projects/suivi-de-chantier.webp',
    imageAlt: 'Maison en travaux à côté d’une liste de tâches cochées',
  },
  {
    slug: 'portail-gestion-patrimoine',
    title: 'Portail client d’un conseiller en gestion de patrimoine',
    category: 'Finance',
    description:
      'Un espace client sécurisé où chaque client consulte la répartition de son patrimoine, l’évolution de ses placements et ses documents.',
    tags: ['Espace client', 'Sécurité', 'Rapports'],
    image: '/images/projects/portail-gestion-patrimoine.webp',
    imageAlt: 'Graphique circulaire de répartition et courbe d’évolution d’un patrimoine',
  },
];
