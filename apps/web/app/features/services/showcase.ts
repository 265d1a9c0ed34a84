import { Cloud, Code, Database, Gauge, type LucideIcon, ShieldCheck, Smartphone } from 'lucide-react';

export interface ShowcaseService {
  slug: string;
  title: string;
  description: string;
  icon: LucideIcon;
  /** Shipped with the site (public/images/services), 800x500. */
  image: string;
  imageAlt: string;
  features: readonly [string, string, string];
}

/** The six fixed services shown before the members' own services (spec section 2, Services page). */
export const showcaseServices: readonly ShowcaseService[] = [
  {
    slug: 'developpement-web',
    title: 'Développement Web',
    description:
      'Sites vitrines, boutiques en ligne et applications web sur mesure : rapides, bien référencés et pensés pour transformer vos visiteurs en clients.',
    icon: Code,
    image: '/images/services/developpement-web.webp',
    imageAlt: 'Fenêtre de navigateur affichant des balises de code',
    features: ['Sites vitrines et e-commerce', 'Référencement naturel (SEO)', 'Design adapté à tous les écrans'],
  },
  {
    slug: 'applications-mobiles',
    title: 'Applications Mobiles',
    description:
      'Des applications iOS et Android pour vos clients et vos équipes : prise de rendez-vous, programme de fidélité, suivi d’interventions sur le terrain.',
    icon: Smartphone,
    image: '/images/services/applications-mobiles.webp',
    imageAlt: 'Smartphone affichant l’écran d’accueil d’une application',
    features: ['Applications iOS et Android', 'Notifications et mode hors ligne', 'Publication sur les stores'],
  },
  {
    slug: 'cloud',
    title: 'Solutions Cloud',
    description:
      'Hébergement, migration et sauvegarde de vos outils dans le cloud, sur une infrastructure fiable qui accompagne la croissance de votre entreprise.',
    icon: Cloud,
    image: '/images/services/cloud.webp',
    imageAlt: 'Nuage relié à trois serveurs, avec des flèches d’échange de données',
    features: ['Migration vers le cloud', 'Sauvegardes automatiques', 'Haute disponibilité'],
  },
  {
    slug: 'gestion-donnees',
    title: 'Gestion des Données',
    description:
      'Centralisez vos fichiers clients, vos ventes et vos stocks, puis transformez-les en tableaux de bord clairs pour décider plus vite.',
    icon: Database,
    image: '/images/services/gestion-donnees.webp',
    imageAlt: 'Base de données à côté d’un graphique en barres',
    features: ['Bases de données structurées', 'Tableaux de bord et indicateurs', 'Conformité RGPD'],
  },
  {
    slug: 'securite',
    title: 'Sécurité',
    description:
      'Audit, protection et sensibilisation pour mettre vos données, et celles de vos clients, à l’abri des cyberattaques et des pertes.',
    icon: ShieldCheck,
    image: '/images/services/securite.webp',
    imageAlt: 'Bouclier protégé par un cadenas, validé par une coche',
    features: ['Audit de sécurité', 'Protection des accès et des données', 'Sensibilisation des équipes'],
  },
  {
    slug: 'optimisation',
    title: 'Optimisation',
    description:
      'Des sites plus rapides et des processus plus simples : analyse des performances, automatisation des tâches répétitives et maîtrise des coûts.',
    icon: Gauge,
    image: '/images/services/optimisation.webp',
    imageAlt: 'Compteur de performance et courbe de progression',
    features: ['Performance et temps de chargement', 'Automatisation des processus', 'Réduction des coûts'],
  },
];
