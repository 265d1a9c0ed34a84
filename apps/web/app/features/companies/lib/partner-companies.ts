/**
 * The six partner companies of /companies (spec section 2: a static list). Fictitious French
 * companies; their logos ship with the site (public/images/companies, scripts/generate-images.mjs).
 */
export interface PartnerCompany {
  slug: string;
  name: string;
  sector: string;
  city: string;
  description: string;
  logo: string;
}

export const partnerCompanies: readonly PartnerCompany[] = [
  {
    slug: 'batireno',
    name: 'Batiréno',
    sector: 'Rénovation et bâtiment',
    city: 'Champigny-sur-Marne',
    description:
      'Entreprise générale de rénovation\u00a0: appartements, maisons et locaux professionnels, de l’étude au suivi de chantier, avec des artisans qualifiés RGE.',
    logo: '/images/companies/batireno.webp',
  },
  {
    slug: 'immo-horizon',
    name: 'Immo Horizon',
    sector: 'Immobilier',
    city: 'Lyon',
    description:
      'Agence immobilière spécialisée dans la transaction et la gestion locative de biens résidentiels et de locaux commerciaux en région lyonnaise.',
    logo: '/images/companies/immo-horizon.webp',
  },
  {
    slug: 'patrimoine-conseil',
    name: 'Patrimoine Conseil',
    sector: 'Gestion de patrimoine',
    city: 'Bordeaux',
    description:
      'Cabinet de conseil en gestion de patrimoine indépendant\u00a0: bilan patrimonial, préparation de la retraite, transmission et investissement immobilier.',
    logo: '/images/companies/patrimoine-conseil.webp',
  },
  {
    slug: 'lefevre-avocats',
    name: 'Lefèvre Avocats',
    sector: 'Droit des affaires',
    city: 'Paris',
    description:
      'Cabinet d’avocats dédié aux entrepreneurs\u00a0: création et cession d’entreprise, baux commerciaux, contrats et recouvrement de créances.',
    logo: '/images/companies/lefevre-avocats.webp',
  },
  {
    slug: 'dentalis',
    name: 'Dentalis',
    sector: 'Santé dentaire',
    city: 'Nantes',
    description:
      'Centre dentaire pluridisciplinaire\u00a0: soins, implantologie et orthodontie, avec des plages de rendez-vous réservées aux professionnels du réseau.',
    logo: '/images/companies/dentalis.webp',
  },
  {
    slug: 'novatech',
    name: 'NovaTech Solutions',
    sector: 'Informatique et numérique',
    city: 'Toulouse',
    description:
      'Société de services numériques\u00a0: sites internet, logiciels de gestion sur mesure, cybersécurité et maintenance du parc informatique des PME.',
    logo: '/images/companies/novatech.webp',
  },
];
