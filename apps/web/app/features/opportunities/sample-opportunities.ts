import { formatPrice } from '@synergie/shared/format';

export interface Opportunity {
  id: string;
  title: string;
  description: string;
  budget: string;
  location: string;
  sector: string;
}

/** The four static business opportunities of /opportunities (spec section 2). */
export const sampleOpportunities: readonly Opportunity[] = [
  {
    id: 'renovation-bureaux',
    title: 'Rénovation complète d’un plateau de bureaux',
    description:
      'Une PME recherche une entreprise générale ou un groupement d’artisans pour rénover 250 m² de bureaux : électricité, cloisons, peinture et revêtements de sol.',
    budget: `${formatPrice(4_500_000)} - ${formatPrice(6_000_000)}`,
    location: 'Champigny-sur-Marne (94)',
    sector: 'Rénovation',
  },
  {
    id: 'refonte-site-agence',
    title: 'Refonte du site d’une agence immobilière',
    description:
      'Agence indépendante cherche un développeur web pour refondre son site : annonces synchronisées avec son logiciel métier, estimation en ligne et blog.',
    budget: `${formatPrice(800_000)} - ${formatPrice(1_200_000)}`,
    location: 'Paris (75)',
    sector: 'Immobilier',
  },
  {
    id: 'reprise-entreprise',
    title: 'Accompagnement juridique d’une reprise d’entreprise',
    description:
      'Un repreneur recherche un avocat en droit des affaires et un expert-comptable pour l’audit, la négociation et la rédaction des actes de cession d’un commerce.',
    budget: 'Sur devis',
    location: 'Créteil (94)',
    sector: 'Juridique',
  },
  {
    id: 'bilan-patrimonial',
    title: 'Bilans patrimoniaux pour un cabinet médical',
    description:
      'Cinq praticiens associés souhaitent un bilan patrimonial et des conseils pour préparer leur retraite et optimiser la détention de leurs murs professionnels.',
    budget: formatPrice(350_000),
    location: 'Vincennes (94)',
    sector: 'Gestion de patrimoine',
  },
];
