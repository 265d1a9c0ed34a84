/**
 * The French demo content of `npm run seed:demo` (scripts/seed-demo.ts): fictional members,
 * their services, projects, job offers, events, partners and contact requests. Everything refers
 * to members by their index in DEMO_MEMBERS; an item naming a member beyond the seeded count is
 * skipped. Phone numbers are in the ranges ARCEP keeps for fiction, and every address is under
 * the reserved `.example` domain: no mail ever reaches a real inbox, no link a real site.
 */

import type { TitleForm } from '@synergie/shared';

/** One shared password for every demo account (8 characters or more, an uppercase, a digit). */
export const DEMO_PASSWORD = 'Demo-Synergie-2026';
export const DEMO_EMAIL_DOMAIN = 'demo.synergie-pro.example';
/** Index 0 is the admin, index 1 the subscribed member whose sign-in details are printed. */
export const DEMO_ADMIN_INDEX = 0;
export const DEMO_SUBSCRIBER_INDEX = 1;

export interface DemoMember {
  firstName: string;
  lastName: string;
  /** The local part of the email (before @DEMO_EMAIL_DOMAIN). */
  login: string;
  company: string;
  profession: string;
  industry: string;
  city: string;
  /** The member’s trade in the catalogue (slug, migration 0008): their profession becomes its label. */
  trade: string;
  /** The free "spécialité" beside the trade (network-core §1), or null. */
  specialty: string | null;
  bio: string;
  skills: string[];
  lookingFor: string[];
  /** The company’s site, under `.example` (null: none). */
  website: string | null;
  phone: string;
  /** Avatar background. */
  color: string;
  /** How their titles agree (issue 31): the demo’s women chose the feminine (`Présidente`, `Consultante`). */
  titleForm: TitleForm;
}

type Row = [
  firstName: string,
  lastName: string,
  company: string,
  profession: string,
  industry: string,
  city: string,
  bio: string,
  skills: string[],
  lookingFor: string[],
];

const COLORS = ['#2563eb', '#0f766e', '#b45309', '#7c3aed', '#be123c', '#15803d', '#0369a1', '#a21caf', '#c2410c'];

const ROWS: Row[] = [
  [
    'Sophie',
    'Marchand',
    'Synergie Pro Lyon',
    'Animatrice de réseau d’affaires',
    'Conseil',
    'Lyon',
    'J’anime le réseau Synergie Pro à Lyon depuis sa création. Mon métier : faire se rencontrer les bonnes personnes au bon moment, et organiser des rendez-vous d’affaires utiles.',
    ['Animation de réseau', 'Mise en relation', 'Organisation d’événements', 'Développement commercial'],
    ['Expert-comptable', 'Photographe', 'Développeur web'],
  ],
  [
    'Thomas',
    'Girard',
    'Girard Immobilier',
    'Agent immobilier',
    'Immobilier',
    'Lyon',
    'Agent immobilier indépendant sur Lyon et l’Ouest lyonnais depuis douze ans. J’accompagne vendeurs et acquéreurs de l’estimation à la signature chez le notaire.',
    ['Transaction immobilière', 'Estimation', 'Négociation', 'Home staging', 'Gestion locative'],
    ['Notaire', 'Courtier en crédit immobilier', 'Artisan rénovation'],
  ],
  [
    'Claire',
    'Dubois',
    'Office notarial Dubois',
    'Notaire',
    'Juridique',
    'Lyon',
    'Notaire associée, j’interviens en droit immobilier, en droit de la famille et dans la transmission d’entreprise. J’aime travailler en lien étroit avec les agents et les conseillers de mes clients.',
    ['Droit immobilier', 'Succession', 'Donation', 'Droit de la famille', 'Transmission d’entreprise'],
    ['Agent immobilier', 'Gestion de patrimoine', 'Expert-comptable'],
  ],
  [
    'Julien',
    'Moreau',
    'Moreau Rénovation',
    'Artisan rénovation',
    'Bâtiment',
    'Lyon',
    'Entreprise de rénovation tous corps d’état : appartements anciens, maisons, locaux professionnels. Une équipe de six compagnons, des chantiers tenus dans les délais.',
    ['Rénovation énergétique', 'Plâtrerie', 'Carrelage', 'Isolation', 'Peinture'],
    ['Architecte', 'Agent immobilier', 'Électricien'],
  ],
  [
    'Nadia',
    'Benali',
    'Patrimoine & Avenir',
    'Conseillère en gestion de patrimoine',
    'Finance',
    'Bordeaux',
    'Conseillère en gestion de patrimoine indépendante, j’aide les dirigeants et les professions libérales à organiser leur patrimoine, préparer leur retraite et optimiser leur fiscalité.',
    ['Gestion de patrimoine', 'Placements', 'Défiscalisation', 'Assurance-vie', 'Retraite'],
    ['Notaire', 'Expert-comptable', 'Droit fiscal'],
  ],
  [
    'Antoine',
    'Lefèvre',
    'Cabinet Lefèvre Avocats',
    'Avocat fiscaliste',
    'Juridique',
    'Paris',
    'Avocat au barreau de Paris, j’accompagne les entreprises dans leurs questions fiscales, leurs opérations de restructuration et la transmission de leur société.',
    ['Droit fiscal', 'Droit des sociétés', 'Contentieux', 'Transmission d’entreprise'],
    ['Expert-comptable', 'Gestion de patrimoine', 'Notaire'],
  ],
  [
    'Émilie',
    'Rousseau',
    'Cabinet dentaire Rousseau',
    'Dentiste',
    'Santé',
    'Nantes',
    'Chirurgien-dentiste à Nantes, cabinet de trois praticiens. Nous préparons l’agrandissement du cabinet et cherchons des partenaires de confiance pour ce projet.',
    ['Implantologie', 'Orthodontie', 'Soins dentaires', 'Esthétique du sourire'],
    ['Kinésithérapeute', 'Expert-comptable', 'Architecte d’intérieur'],
  ],
  [
    'Marc',
    'Fontaine',
    'Fontaine Expertise',
    'Expert-comptable',
    'Comptabilité',
    'Nantes',
    'Expert-comptable, je suis le partenaire au quotidien de 150 TPE et professions libérales : comptabilité, paie, fiscalité et tableaux de bord pour piloter l’activité.',
    ['Comptabilité', 'Fiscalité', 'Paie', 'Création d’entreprise', 'Tableaux de bord'],
    ['Droit fiscal', 'Gestion de patrimoine', 'Développeur web'],
  ],
  [
    'Léa',
    'Chevalier',
    'Atelier Chevalier Architecture',
    'Architecte',
    'Architecture',
    'Bordeaux',
    'Architecte DPLG, l’atelier conçoit des maisons contemporaines et réhabilite des bâtiments anciens en Gironde. Attention particulière au bois et au confort d’été.',
    ['Conception', 'Permis de construire', 'Réhabilitation', 'Maquette 3D', 'Maîtrise d’œuvre'],
    ['Artisan rénovation', 'Agent immobilier', 'Photographe'],
  ],
  [
    'Hugo',
    'Lambert',
    'Hugo Lambert Photographie',
    'Photographe',
    'Communication',
    'Lille',
    'Photographe professionnel : portraits de dirigeants, reportages d’événements et photographie immobilière. Je livre des images prêtes pour le web et l’impression.',
    ['Photographie d’entreprise', 'Portrait', 'Photographie immobilière', 'Retouche', 'Vidéo'],
    ['Agent immobilier', 'Community manager', 'Organisation d’événements'],
  ],
  [
    'Inès',
    'Garnier',
    'Pixel Garnier',
    'Développeuse web',
    'Numérique',
    'Toulouse',
    'Développeuse web indépendante, je crée des sites rapides et accessibles pour les commerçants et les cabinets : vitrine, réservation en ligne, boutique.',
    ['React', 'TypeScript', 'Node.js', 'WordPress', 'SEO', 'Accessibilité'],
    ['Graphiste', 'Expert-comptable', 'Community manager'],
  ],
  [
    'Karim',
    'Haddad',
    'Haddad Digital',
    'Développeur web',
    'Numérique',
    'Marseille',
    'Développeur web spécialisé en e-commerce. J’aide les artisans et les commerces de proximité à vendre en ligne sans perdre leur âme.',
    ['E-commerce', 'Shopify', 'PHP', 'Symfony', 'API'],
    ['Graphiste', 'Photographe', 'Consultant SEO'],
  ],
  [
    'Camille',
    'Perrin',
    'Élan Coaching',
    'Coach professionnel',
    'Conseil',
    'Rennes',
    'Coach certifiée, j’accompagne dirigeants et managers dans les moments clés : prise de poste, croissance de l’équipe, prise de parole en public.',
    ['Coaching de dirigeants', 'Gestion du stress', 'Prise de parole', 'Leadership'],
    ['Kinésithérapeute', 'Organisation d’événements', 'Ressources humaines'],
  ],
  [
    'Manon',
    'Faure',
    'Les Fleurs de Manon',
    'Fleuriste',
    'Commerce',
    'Strasbourg',
    'Artisan fleuriste au cœur de Strasbourg : bouquets de saison, décoration de mariages et de réceptions, abonnements floraux pour les entreprises et les hôtels.',
    ['Compositions florales', 'Décoration événementielle', 'Mariage', 'Abonnement floral'],
    ['Traiteur', 'Organisation d’événements', 'Photographe'],
  ],
  [
    'Pierre',
    'Blanc',
    'Boulangerie Blanc',
    'Boulanger',
    'Alimentation',
    'Montpellier',
    'Boulanger depuis vingt ans, pain au levain naturel et farines locales. Nous livrons aussi les petits-déjeuners et les plateaux des entreprises du quartier.',
    ['Pain au levain', 'Viennoiserie', 'Pâtisserie', 'Petits-déjeuners d’entreprise'],
    ['Traiteur', 'Expert-comptable', 'Community manager'],
  ],
  [
    'Julie',
    'Henry',
    'Kiné Henry',
    'Kinésithérapeute',
    'Santé',
    'Rennes',
    'Kinésithérapeute du sport et de la santé au travail. J’interviens aussi en entreprise pour prévenir les troubles musculo-squelettiques.',
    ['Rééducation', 'Kinésithérapie du sport', 'Ergonomie au travail', 'Massage'],
    ['Coach professionnel', 'Dentiste', 'Ostéopathe'],
  ],
  [
    'Nicolas',
    'Roux',
    'Roux Courtage',
    'Courtier en crédit immobilier',
    'Finance',
    'Bordeaux',
    'Courtier en crédit immobilier et professionnel : je négocie les meilleures conditions auprès de vingt banques partenaires, et l’assurance emprunteur avec.',
    ['Crédit immobilier', 'Assurance emprunteur', 'Rachat de crédit', 'Financement professionnel'],
    ['Agent immobilier', 'Notaire', 'Gestion de patrimoine'],
  ],
  [
    'Sarah',
    'Mercier',
    'Mercier Communication',
    'Community manager',
    'Communication',
    'Paris',
    'Je fais vivre les réseaux sociaux des marques et des indépendants : ligne éditoriale, publications, campagnes et chiffres lisibles chaque mois.',
    ['Réseaux sociaux', 'Stratégie de contenu', 'Instagram', 'LinkedIn', 'Rédaction'],
    ['Photographe', 'Graphiste', 'Développeur web'],
  ],
  [
    'Vincent',
    'Bonnet',
    'Bonnet Électricité',
    'Électricien',
    'Bâtiment',
    'Toulouse',
    'Électricien qualifié IRVE : installations neuves, mise aux normes, domotique et bornes de recharge pour les particuliers et les entreprises.',
    ['Installation électrique', 'Domotique', 'Bornes de recharge', 'Mise aux normes'],
    ['Artisan rénovation', 'Architecte', 'Agent immobilier'],
  ],
  [
    'Aurélie',
    'Lemoine',
    'Studio Lemoine',
    'Graphiste',
    'Communication',
    'Lille',
    'Graphiste et illustratrice, je dessine des identités visuelles qui ressemblent à ceux qui les portent : logo, charte, supports imprimés et web.',
    ['Identité visuelle', 'Logo', 'Print', 'Illustration', 'Figma'],
    ['Développeur web', 'Imprimeur', 'Photographe'],
  ],
  [
    'François',
    'Dupuis',
    'Dupuis Assurances',
    'Agent général d’assurance',
    'Assurance',
    'Lille',
    'Agent général, je protège les entreprises, les artisans et leurs salariés : responsabilité civile, multirisque, prévoyance et santé collective.',
    ['Assurance professionnelle', 'Prévoyance', 'Multirisque', 'Santé collective'],
    ['Expert-comptable', 'Courtier en crédit immobilier', 'Artisan rénovation'],
  ],
  [
    'Chloé',
    'Laurent',
    'Saveurs de Chloé',
    'Traiteur',
    'Alimentation',
    'Marseille',
    'Traiteur événementiel : cocktails d’entreprise, buffets et repas de séminaire préparés avec des produits de Provence.',
    ['Cocktails d’entreprise', 'Buffets', 'Cuisine locale', 'Séminaires'],
    ['Fleuriste', 'Organisation d’événements', 'Photographe'],
  ],
  [
    'Mehdi',
    'Saïdi',
    'Saïdi Conseil RH',
    'Consultant en ressources humaines',
    'Conseil',
    'Paris',
    'Consultant RH pour les PME : recrutement, entretiens annuels, formation et marque employeur. Je m’occupe de vos recrutements comme si c’était les miens.',
    ['Recrutement', 'Ressources humaines', 'Formation', 'Marque employeur'],
    ['Coach professionnel', 'Droit du travail', 'Expert-comptable'],
  ],
  [
    'Isabelle',
    'Caron',
    'Caron Avocats',
    'Avocate en droit du travail',
    'Juridique',
    'Strasbourg',
    'Avocate en droit social, je conseille les employeurs au quotidien et les défends devant le conseil de prud’hommes.',
    ['Droit du travail', 'Prud’hommes', 'Contrats de travail', 'Ruptures conventionnelles'],
    ['Ressources humaines', 'Expert-comptable', 'Coach professionnel'],
  ],
  [
    'Olivier',
    'Petit',
    'Petit Ostéopathie',
    'Ostéopathe',
    'Santé',
    'Montpellier',
    'Ostéopathe D.O., je reçois sportifs, salariés et nourrissons, et j’anime des ateliers de prévention en entreprise.',
    ['Ostéopathie', 'Posturologie', 'Sport', 'Prévention en entreprise'],
    ['Kinésithérapeute', 'Coach professionnel', 'Dentiste'],
  ],
  [
    'Lucie',
    'Robin',
    'Robin Événements',
    'Organisatrice d’événements',
    'Événementiel',
    'Nantes',
    'Agence événementielle : séminaires, soirées d’entreprise et salons professionnels, du choix du lieu au dernier invité raccompagné.',
    ['Organisation d’événements', 'Séminaires', 'Salons professionnels', 'Logistique'],
    ['Traiteur', 'Fleuriste', 'Photographe'],
  ],
  [
    'Guillaume',
    'Martin',
    'Imprimerie Martin',
    'Imprimeur',
    'Communication',
    'Lyon',
    'Imprimerie familiale depuis 1987 : cartes de visite, brochures, signalétique et packaging, avec des encres végétales et du papier recyclé.',
    ['Impression numérique', 'Cartes de visite', 'Signalétique', 'Packaging'],
    ['Graphiste', 'Organisation d’événements', 'Agent immobilier'],
  ],
  [
    'Sandrine',
    'Morel',
    'Morel Diagnostics',
    'Diagnostiqueuse immobilière',
    'Immobilier',
    'Toulouse',
    'Diagnostiqueuse certifiée : DPE, amiante, plomb, électricité et gaz, loi Carrez. Rapports remis sous 48 heures.',
    ['DPE', 'Diagnostic amiante', 'Audit énergétique', 'Loi Carrez'],
    ['Agent immobilier', 'Notaire', 'Artisan rénovation'],
  ],
  [
    'Romain',
    'Gauthier',
    'Gauthier SEO',
    'Consultant SEO',
    'Numérique',
    'Rennes',
    'Consultant en référencement naturel : audits, référencement local et contenus qui répondent aux questions de vos clients.',
    ['SEO', 'Référencement local', 'Google Ads', 'Audit de site'],
    ['Développeur web', 'Community manager', 'Rédaction'],
  ],
  [
    'Élodie',
    'Fournier',
    'Fournier Design d’intérieur',
    'Architecte d’intérieur',
    'Architecture',
    'Paris',
    'Architecte d’intérieur pour les particuliers et les commerces : aménagement, décoration et suivi de chantier, avec des plans 3D avant chaque décision.',
    ['Aménagement', 'Décoration', 'Home staging', 'Plans 3D'],
    ['Artisan rénovation', 'Agent immobilier', 'Fleuriste'],
  ],
  [
    'Stéphane',
    'Noël',
    'Noël Plomberie Chauffage',
    'Plombier chauffagiste',
    'Bâtiment',
    'Strasbourg',
    'Plombier chauffagiste RGE : salles de bains, pompes à chaleur et chaudières, dépannage sous 24 heures dans l’Eurométropole.',
    ['Plomberie', 'Pompe à chaleur', 'Chaudière', 'Salle de bains'],
    ['Artisan rénovation', 'Électricien', 'Architecte'],
  ],
  [
    'Laura',
    'Vidal',
    'Vidal Traduction',
    'Traductrice',
    'Services aux entreprises',
    'Montpellier',
    'Traductrice et interprète anglais et espagnol : contrats, sites web, salons internationaux. Traductions relues par une seconde linguiste.',
    ['Traduction anglais', 'Traduction espagnol', 'Interprétariat', 'Localisation'],
    ['Développeur web', 'Organisation d’événements', 'Droit des sociétés'],
  ],
  [
    'Benoît',
    'Arnaud',
    'Arnaud Transports',
    'Transporteur',
    'Logistique',
    'Lille',
    'Transport et logistique pour les entreprises des Hauts-de-France : livraisons, déménagements de bureaux et stockage sécurisé.',
    ['Livraison', 'Déménagement d’entreprise', 'Logistique', 'Stockage'],
    ['Imprimeur', 'Traiteur', 'Agent général d’assurance'],
  ],
  [
    'Céline',
    'Roche',
    'Roche Formation',
    'Formatrice en management',
    'Formation',
    'Bordeaux',
    'Formatrice certifiée Qualiopi : management, gestion de projet et communication d’équipe, en présentiel ou à distance.',
    ['Management', 'Formation', 'Gestion de projet', 'Communication interpersonnelle'],
    ['Coach professionnel', 'Ressources humaines', 'Organisation d’événements'],
  ],
  [
    'David',
    'Meyer',
    'Meyer Sécurité',
    'Installateur en sécurité',
    'Sécurité',
    'Strasbourg',
    'Alarmes, vidéosurveillance et contrôle d’accès pour les commerces, les bureaux et les particuliers, avec maintenance sur contrat.',
    ['Alarme', 'Vidéosurveillance', 'Contrôle d’accès', 'Domotique'],
    ['Électricien', 'Agent immobilier', 'Agent général d’assurance'],
  ],
  [
    'Pauline',
    'Giraud',
    'Giraud Immobilier d’entreprise',
    'Agent immobilier',
    'Immobilier',
    'Marseille',
    'Spécialiste de l’immobilier d’entreprise à Marseille : bureaux, locaux commerciaux et entrepôts, à la location comme à la vente.',
    ['Immobilier commercial', 'Bureaux', 'Locaux commerciaux', 'Négociation'],
    ['Notaire', 'Droit fiscal', 'Architecte d’intérieur'],
  ],
  [
    'Alexandre',
    'Brun',
    'La Cave d’Alexandre',
    'Caviste',
    'Commerce',
    'Bordeaux',
    'Caviste indépendant : vins de vignerons, dégustations privées et coffrets cadeaux pour les entreprises en fin d’année.',
    ['Vins', 'Dégustation', 'Coffrets cadeaux d’entreprise', 'Spiritueux'],
    ['Traiteur', 'Organisation d’événements', 'Graphiste'],
  ],
  [
    'Marine',
    'Colin',
    'Colin Nutrition',
    'Diététicienne',
    'Santé',
    'Nice',
    'Diététicienne nutritionniste : consultations, nutrition sportive et ateliers « bien manger au bureau » pour les équipes.',
    ['Nutrition', 'Rééquilibrage alimentaire', 'Nutrition sportive', 'Ateliers en entreprise'],
    ['Kinésithérapeute', 'Coach professionnel', 'Boulanger'],
  ],
  [
    'Yann',
    'Le Gall',
    'Le Gall Menuiserie',
    'Menuisier',
    'Bâtiment',
    'Rennes',
    'Menuisier agenceur : cuisines, bibliothèques, escaliers et agencements de boutiques en bois massif, dessinés et fabriqués dans notre atelier.',
    ['Menuiserie sur mesure', 'Agencement', 'Escaliers', 'Bois'],
    ['Architecte d’intérieur', 'Artisan rénovation', 'Architecte'],
  ],
  [
    'Hélène',
    'Bertrand',
    'Bertrand Films',
    'Vidéaste',
    'Communication',
    'Grenoble',
    'Vidéaste : films d’entreprise, témoignages clients, captation d’événements et images aériennes par drone.',
    ['Vidéo d’entreprise', 'Montage', 'Drone', 'Motion design'],
    ['Community manager', 'Organisation d’événements', 'Graphiste'],
  ],
];

/**
 * Each member of ROWS’s trade in the catalogue (by slug, migration 0008), with a specialty where
 * their own words say more than the trade’s label.
 */
const TRADES: [trade: string, specialty: string | null][] = [
  ['consultant', 'Animation de réseau d’affaires'],
  ['agent-immobilier', null],
  ['notaire', 'Droit immobilier et transmission'],
  ['plaquiste', 'Rénovation tous corps d’état'],
  ['conseiller-en-gestion-de-patrimoine', null],
  ['avocat', 'Droit fiscal'],
  ['chirurgien-dentiste', null],
  ['expert-comptable', null],
  ['architecte', null],
  ['photographe', null],
  ['developpeur-web', null],
  ['developpeur-web', 'Applications métier'],
  ['coach-professionnel', null],
  ['fleuriste', null],
  ['boulanger-patissier', null],
  ['kinesitherapeute', null],
  ['courtier-en-credit-immobilier', null],
  ['community-manager', null],
  ['electricien', null],
  ['graphiste', null],
  ['agent-general-d-assurance', null],
  ['traiteur', null],
  ['consultant-en-ressources-humaines', null],
  ['avocat', 'Droit du travail'],
  ['osteopathe', null],
  ['organisateur-d-evenements', null],
  ['imprimeur', null],
  ['diagnostiqueur-immobilier', null],
  ['consultant-en-referencement-naturel', null],
  ['architecte-d-interieur', null],
  ['plombier-chauffagiste', null],
  ['traducteur', null],
  ['transporteur-routier', null],
  ['formateur', 'Management'],
  ['entreprise-de-securite-privee', 'Alarmes et vidéoprotection'],
  ['agent-immobilier', 'Immobilier d’entreprise'],
  ['caviste', null],
  ['dieteticien', null],
  ['menuisier', 'Agencement sur mesure'],
  ['videaste', null],
];

/**
 * The members of the three demo groups who are not in ROWS (network-core §2: local groups of
 * professionals of distinct trades), with their trade’s slug last.
 */
const GROUP_ROWS: [...Row, trade: string][] = [
  // Lyon Confluence
  [
    'Bastien',
    'Roussel',
    'Roussel Immobilier Confluence',
    'Agent immobilier',
    'Immobilier',
    'Lyon',
    'Agent immobilier à la Confluence et dans le 2e arrondissement : appartements neufs et anciens, estimation sous 48 heures, accompagnement jusqu’à la signature.',
    ['Transaction immobilière', 'Estimation', 'Immobilier neuf', 'Négociation'],
    ['Notaire', 'Courtier en crédit immobilier', 'Diagnostiqueur immobilier'],
    'agent-immobilier',
  ],
  [
    'Amandine',
    'Perrot',
    'Perrot & Associés',
    'Expert-comptable',
    'Comptabilité',
    'Lyon',
    'Expert-comptable associée, j’accompagne artisans, commerçants et professions libérales lyonnais : bilan, fiscalité, paie et prévisionnels pour la banque.',
    ['Comptabilité', 'Fiscalité', 'Prévisionnel', 'Paie'],
    ['Conseiller en gestion de patrimoine', 'Avocat', 'Développeur web'],
    'expert-comptable',
  ],
  [
    'Maxime',
    'Carpentier',
    'Carpentier Studio',
    'Développeur web',
    'Numérique',
    'Lyon',
    'Développeur web indépendant : sites vitrines rapides, boutiques en ligne et outils sur mesure pour les TPE, hébergés en France et faciles à mettre à jour.',
    ['Sites vitrines', 'E-commerce', 'Référencement', 'Accessibilité'],
    ['Graphiste', 'Photographe', 'Imprimeur'],
    'developpeur-web',
  ],
  [
    'Agathe',
    'Michaud',
    'Agathe Michaud Photographie',
    'Photographe',
    'Communication',
    'Lyon',
    'Photographe professionnelle : portraits de dirigeants, photos d’équipe, reportages d’entreprise et visuels pour les sites et les réseaux sociaux.',
    ['Portrait', 'Reportage', 'Photo culinaire', 'Retouche'],
    ['Développeur web', 'Agence de communication', 'Fleuriste'],
    'photographe',
  ],
  [
    'Florian',
    'Barbier',
    'Atelier Barbier Architectes',
    'Architecte',
    'Architecture',
    'Lyon',
    'Architecte DPLG, je conçois des extensions, des réhabilitations et des locaux professionnels, du permis de construire à la réception du chantier.',
    ['Permis de construire', 'Réhabilitation', 'Extension', 'Suivi de chantier'],
    ['Plaquiste', 'Plombier chauffagiste', 'Notaire'],
    'architecte',
  ],
  [
    'Margaux',
    'Lacroix',
    'Atelier Lacroix Fleurs',
    'Fleuriste',
    'Commerce',
    'Lyon',
    'Fleuriste artisanale aux Célestins : compositions de saison, abonnements floraux pour les bureaux, les hôtels et les restaurants, et décors d’événements.',
    ['Compositions florales', 'Abonnements entreprises', 'Décoration événementielle'],
    ['Organisateur d’événements', 'Photographe', 'Traiteur'],
    'fleuriste',
  ],
  [
    'Jérôme',
    'Renaud',
    'Renaud Patrimoine',
    'Conseiller en gestion de patrimoine',
    'Finance',
    'Lyon',
    'Conseiller en gestion de patrimoine, j’aide les chefs d’entreprise à préparer leur retraite, leur transmission et le placement de leur trésorerie.',
    ['Retraite', 'Transmission', 'Placements', 'Prévoyance'],
    ['Notaire', 'Expert-comptable', 'Avocat'],
    'conseiller-en-gestion-de-patrimoine',
  ],
  [
    'Damien',
    'Leroy',
    'Leroy Immobilier',
    'Agent immobilier',
    'Immobilier',
    'Villeurbanne',
    'Agent immobilier à Villeurbanne et dans l’Est lyonnais : vente de maisons et d’appartements familiaux, gestion locative pour les investisseurs.',
    ['Transaction immobilière', 'Gestion locative', 'Estimation'],
    ['Notaire', 'Courtier en crédit immobilier', 'Home stager'],
    'agent-immobilier',
  ],
  [
    'Nathalie',
    'Clément',
    'Clément Assurances',
    'Courtier en assurances',
    'Assurance',
    'Lyon',
    'Courtière en assurances professionnelles : responsabilité civile, multirisque, flotte automobile et prévoyance des dirigeants, comparées chez douze assureurs.',
    ['Assurance professionnelle', 'Prévoyance', 'Flotte automobile', 'Multirisque'],
    ['Expert-comptable', 'Conseiller en gestion de patrimoine', 'Agent immobilier'],
    'courtier-en-assurances',
  ],
  // Paris 11e
  [
    'Baptiste',
    'Lemaire',
    'Lemaire Conseil & Chiffres',
    'Expert-comptable',
    'Comptabilité',
    'Paris',
    'Expert-comptable dans le 11e arrondissement, cabinet de cinq personnes au service des start-up, des restaurateurs et des créateurs d’entreprise.',
    ['Création d’entreprise', 'Comptabilité', 'Levée de fonds', 'Paie'],
    ['Avocat', 'Consultant en ressources humaines', 'Community manager'],
    'expert-comptable',
  ],
  [
    'Nora',
    'Belkacem',
    'Studio Belkacem',
    'Photographe',
    'Communication',
    'Paris',
    'Photographe installée près d’Oberkampf : portraits corporate, packshots et reportages d’événements pour les marques et les agences parisiennes.',
    ['Portrait corporate', 'Packshot', 'Reportage d’événements'],
    ['Community manager', 'Architecte d’intérieur', 'Organisateur d’événements'],
    'photographe',
  ],
  // Champigny-sur-Marne
  [
    'Laurent',
    'Mallet',
    'Mallet Chauffage',
    'Plombier chauffagiste',
    'Bâtiment',
    'Champigny-sur-Marne',
    'Plombier chauffagiste depuis vingt ans dans le Val-de-Marne : dépannage, salles de bains, chaudières et pompes à chaleur, entretien sous contrat.',
    ['Dépannage', 'Pompe à chaleur', 'Salle de bains', 'Entretien de chaudières'],
    ['Électricien', 'Agent immobilier', 'Carreleur'],
    'plombier-chauffagiste',
  ],
  [
    'Sabrina',
    'Diallo',
    'Diallo Expertise',
    'Expert-comptable',
    'Comptabilité',
    'Saint-Maur-des-Fossés',
    'Expert-comptable pour les artisans et les commerçants de l’Est parisien : tenue, bilan, TVA et conseils pour se rémunérer au mieux.',
    ['Comptabilité', 'TVA', 'Rémunération du dirigeant', 'Bilan'],
    ['Avocat', 'Courtier en assurances', 'Banquier'],
    'expert-comptable',
  ],
  [
    'Gilles',
    'Hamon',
    'Hamon Électricité',
    'Électricien',
    'Bâtiment',
    'Champigny-sur-Marne',
    'Électricien : rénovation électrique, mise aux normes, bornes de recharge et éclairage de locaux professionnels, avec attestation Consuel.',
    ['Mise aux normes', 'Bornes de recharge', 'Éclairage LED', 'Domotique'],
    ['Plombier chauffagiste', 'Peintre en bâtiment', 'Menuisier'],
    'electricien',
  ],
  [
    'Virginie',
    'Royer',
    'Office notarial Royer',
    'Notaire',
    'Juridique',
    'Le Perreux-sur-Marne',
    'Notaire au Perreux-sur-Marne : ventes immobilières, successions, donations et contrats de mariage, avec un rendez-vous sous huit jours.',
    ['Vente immobilière', 'Succession', 'Donation', 'Contrat de mariage'],
    ['Agent immobilier', 'Expert-comptable', 'Conseiller en gestion de patrimoine'],
    'notaire',
  ],
  [
    'Thierry',
    'Collet',
    'Menuiserie Collet',
    'Menuisier',
    'Bâtiment',
    'Champigny-sur-Marne',
    'Menuisier poseur : fenêtres, portes, volets et dressings sur mesure, bois, PVC et aluminium, avec les aides à la rénovation énergétique.',
    ['Fenêtres', 'Dressings', 'Volets', 'Rénovation énergétique'],
    ['Plombier chauffagiste', 'Électricien', 'Architecte'],
    'menuisier',
  ],
  [
    'Samia',
    'Haddou',
    'Haddou Courtage',
    'Courtière en assurances',
    'Assurance',
    'Joinville-le-Pont',
    'Courtière en assurances : garanties des artisans (décennale, multirisque), santé et prévoyance des indépendants, assurance emprunteur.',
    ['Décennale', 'Prévoyance', 'Assurance emprunteur', 'Multirisque'],
    ['Expert-comptable', 'Notaire', 'Garagiste'],
    'courtier-en-assurances',
  ],
  [
    'Arnaud',
    'Lebrun',
    'Garage Lebrun',
    'Garagiste',
    'Automobile',
    'Champigny-sur-Marne',
    'Garage indépendant multimarque : entretien, réparation et pneus des véhicules d’entreprise, prêt d’un véhicule pendant l’intervention.',
    ['Entretien', 'Réparation', 'Flottes d’entreprise', 'Pneumatiques'],
    ['Courtier en assurances', 'Carrossier', 'Expert-comptable'],
    'garagiste',
  ],
  [
    'Émeline',
    'Jacob',
    'Les Fleurs d’Émeline',
    'Fleuriste',
    'Commerce',
    'Saint-Maur-des-Fossés',
    'Fleuriste à Saint-Maur : bouquets, plantes pour les bureaux et décoration florale des mariages et des événements d’entreprise.',
    ['Bouquets', 'Plantes de bureau', 'Décoration florale'],
    ['Traiteur', 'Photographe', 'Organisateur d’événements'],
    'fleuriste',
  ],
  [
    'Fabrice',
    'Morin',
    'Morin Web',
    'Développeur web',
    'Numérique',
    'Villiers-sur-Marne',
    'Développeur web : sites de prise de rendez-vous, catalogues en ligne et référencement local pour les artisans et les commerces du Val-de-Marne.',
    ['Sites internet', 'Référencement local', 'Prise de rendez-vous en ligne'],
    ['Graphiste', 'Imprimeur', 'Photographe'],
    'developpeur-web',
  ],
  [
    'Héloïse',
    'Marchal',
    'Cabinet Marchal Ostéopathie',
    'Ostéopathe',
    'Santé',
    'Chennevières-sur-Marne',
    'Ostéopathe : consultations au cabinet et ateliers de prévention des troubles musculo-squelettiques pour les salariés des entreprises.',
    ['Ostéopathie', 'Prévention des TMS', 'Ateliers en entreprise'],
    ['Kinésithérapeute', 'Coach sportif', 'Diététicien'],
    'osteopathe',
  ],
  [
    'Kévin',
    'Da Silva',
    'Da Silva Peinture',
    'Peintre en bâtiment',
    'Bâtiment',
    'Champigny-sur-Marne',
    'Peintre en bâtiment : peinture intérieure et extérieure, ravalement de façades, revêtements de sols et remise en état de locaux après un bail.',
    ['Peinture', 'Ravalement', 'Revêtements de sols', 'Remise en état'],
    ['Agent immobilier', 'Plombier chauffagiste', 'Électricien'],
    'peintre-en-batiment',
  ],
  [
    'Yasmine',
    'Aubert',
    'Aubert Réceptions',
    'Traiteur',
    'Alimentation',
    'Le Perreux-sur-Marne',
    'Traiteur : petits-déjeuners d’affaires, plateaux-repas, cocktails et buffets pour les réunions et les événements d’entreprise de l’Est parisien.',
    ['Cocktails', 'Plateaux-repas', 'Buffets', 'Petits-déjeuners d’affaires'],
    ['Organisateur d’événements', 'Fleuriste', 'Gérant de salle de réception'],
    'traiteur',
  ],
];

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const ALL_ROWS: [...Row, trade: string, specialty: string | null][] = [
  ...ROWS.map((row, index): [...Row, string, string | null] => {
    const [trade, specialty] = TRADES[index] ?? ['consultant', null];
    return [...row, trade, specialty];
  }),
  ...GROUP_ROWS.map((row): [...Row, string, string | null] => [...row, null]),
];

/** The first names of the demo’s women (ROWS and GROUP_ROWS; their bios agree in the feminine). */
export const DEMO_WOMEN_FIRST_NAMES: ReadonlySet<string> = new Set([
  'Sophie',
  'Claire',
  'Nadia',
  'Émilie',
  'Léa',
  'Inès',
  'Camille',
  'Manon',
  'Julie',
  'Sarah',
  'Aurélie',
  'Chloé',
  'Isabelle',
  'Lucie',
  'Sandrine',
  'Élodie',
  'Laura',
  'Céline',
  'Pauline',
  'Marine',
  'Hélène',
  'Amandine',
  'Agathe',
  'Margaux',
  'Nathalie',
  'Nora',
  'Sabrina',
  'Virginie',
  'Samia',
  'Émeline',
  'Héloïse',
  'Yasmine',
]);

export const DEMO_MEMBERS: DemoMember[] = ALL_ROWS.map(
  ([firstName, lastName, company, profession, industry, city, bio, skills, lookingFor, trade, specialty], index) => ({
    firstName,
    lastName,
    login:
      index === DEMO_ADMIN_INDEX
        ? 'admin'
        : index === DEMO_SUBSCRIBER_INDEX
          ? 'membre'
          : `${slug(firstName)}.${slug(lastName)}`.replace(/-/g, ''),
    company,
    profession,
    industry,
    city,
    trade,
    specialty,
    bio,
    skills,
    lookingFor,
    // One member in five has no site of their own: the directory shows both cases.
    website: index % 5 === 4 ? null : `https://www.${slug(company)}.example`,
    // 06 39 98 xx xx: ARCEP’s range for fiction.
    phone: `06 39 98 ${String(10 + index).padStart(2, '0')} ${String((index * 37) % 100).padStart(2, '0')}`,
    color: COLORS[index % COLORS.length] as string,
    titleForm: DEMO_WOMEN_FIRST_NAMES.has(firstName) ? 'feminine' : 'masculine',
  }),
);

export const demoEmail = (member: DemoMember) => `${member.login}@${DEMO_EMAIL_DOMAIN}`;
export const demoFullName = (member: DemoMember) => `${member.firstName} ${member.lastName}`;
export const demoLinkedin = (member: DemoMember) =>
  `https://www.linkedin.com/in/${slug(`${member.firstName}-${member.lastName}`)}-demo`;

export interface DemoService {
  owner: number;
  title: string;
  description: string;
  features: string[];
  /** Gets a locally generated image. */
  image?: boolean;
}

export const DEMO_SERVICES: DemoService[] = [
  {
    owner: 1,
    title: 'Estimation gratuite de votre bien',
    description:
      'Une estimation argumentée sous 48 heures, fondée sur les ventes récentes du quartier, et un plan de mise en vente adapté à votre calendrier.',
    features: ['Visite et rapport écrit', 'Étude des ventes comparables', 'Sans engagement'],
    image: true,
  },
  {
    owner: 2,
    title: 'Accompagnement des ventes immobilières',
    description:
      'De l’avant-contrat à l’acte authentique : vérifications, rédaction et conseil aux deux parties, avec un interlocuteur unique.',
    features: ['Compromis de vente', 'Acte authentique', 'Conseil fiscal'],
  },
  {
    owner: 3,
    title: 'Rénovation complète d’appartement',
    description:
      'Un seul devis pour tous les corps de métier, un planning tenu et un chantier propre. Éligible aux aides à la rénovation énergétique.',
    features: ['Devis détaillé gratuit', 'Garantie décennale', 'Suivi de chantier hebdomadaire'],
    image: true,
  },
  {
    owner: 4,
    title: 'Bilan patrimonial du dirigeant',
    description:
      'Un état des lieux complet de votre patrimoine privé et professionnel, et des recommandations chiffrées pour votre retraite et votre transmission.',
    features: ['Rendez-vous de deux heures', 'Rapport écrit', 'Suivi annuel'],
  },
  {
    owner: 5,
    title: 'Audit fiscal des PME',
    description:
      'Revue de vos choix fiscaux et de vos risques, avec des propositions concrètes pour sécuriser et optimiser votre situation.',
    features: ['Analyse des trois derniers exercices', 'Note de synthèse', 'Restitution orale'],
  },
  {
    owner: 7,
    title: 'Tenue comptable et tableaux de bord',
    description:
      'Votre comptabilité tenue chaque mois et un tableau de bord clair pour suivre votre chiffre d’affaires, vos marges et votre trésorerie.',
    features: ['Saisie mensuelle', 'Tableau de bord en ligne', 'Bilan annuel'],
    image: true,
  },
  {
    owner: 8,
    title: 'Mission complète de maîtrise d’œuvre',
    description:
      'De l’esquisse à la réception des travaux : conception, permis de construire, consultation des entreprises et suivi de chantier.',
    features: ['Esquisse et maquette 3D', 'Dépôt du permis', 'Direction de chantier'],
  },
  {
    owner: 9,
    title: 'Portraits d’équipe en entreprise',
    description:
      'Je viens dans vos locaux avec un studio mobile : portraits homogènes de toute l’équipe, retouchés et livrés en 72 heures.',
    features: ['Studio mobile', 'Retouche incluse', 'Livraison en 72 heures'],
    image: true,
  },
  {
    owner: 10,
    title: 'Site vitrine accessible',
    description:
      'Un site rapide, lisible sur mobile et conforme aux règles d’accessibilité, que vous pouvez modifier vous-même.',
    features: ['Design sur mesure', 'Référencement de base', 'Formation à la mise à jour'],
  },
  {
    owner: 11,
    title: 'Boutique en ligne clé en main',
    description:
      'Votre boutique Shopify ou Symfony : catalogue, paiement, livraison et suivi des commandes, prête en quatre semaines.',
    features: ['Paiement sécurisé', 'Gestion des stocks', 'Formation incluse'],
  },
  {
    owner: 12,
    title: 'Coaching de prise de poste',
    description:
      'Six séances pour réussir vos cent premiers jours : clarifier vos priorités, installer votre posture et fédérer votre équipe.',
    features: ['Six séances individuelles', 'Questionnaire de personnalité', 'Bilan final'],
  },
  {
    owner: 13,
    title: 'Abonnement floral pour entreprises',
    description: 'Des compositions de saison livrées chaque semaine à votre accueil ou dans vos salles de réunion.',
    features: ['Livraison hebdomadaire', 'Fleurs de saison', 'Sans engagement de durée'],
  },
  {
    owner: 16,
    title: 'Recherche du meilleur financement',
    description:
      'Je compare les offres de vingt banques et négocie votre taux et votre assurance emprunteur. Vous ne payez qu’en cas de succès.',
    features: ['Étude gratuite', 'Vingt banques partenaires', 'Honoraires au succès'],
  },
  {
    owner: 17,
    title: 'Gestion de vos réseaux sociaux',
    description:
      'Une ligne éditoriale, trois publications par semaine et un rapport mensuel : vos réseaux vivent pendant que vous travaillez.',
    features: ['Calendrier éditorial', 'Visuels inclus', 'Rapport mensuel'],
  },
  {
    owner: 19,
    title: 'Création de logo et charte graphique',
    description: 'Un logo, ses déclinaisons et une charte simple pour que tous vos supports parlent la même langue.',
    features: ['Trois pistes créatives', 'Fichiers sources', 'Charte en PDF'],
  },
  {
    owner: 21,
    title: 'Cocktail déjeunatoire pour séminaires',
    description:
      'Pièces salées et sucrées de saison, service compris, pour vos séminaires de vingt à deux cents personnes.',
    features: ['Produits locaux', 'Service inclus', 'Options végétariennes'],
  },
  {
    owner: 25,
    title: 'Organisation de séminaires d’entreprise',
    description:
      'Lieu, transport, hébergement, animations et restauration : un séminaire organisé de bout en bout, dans votre budget.',
    features: ['Recherche de lieux', 'Gestion des inscriptions', 'Coordination sur place'],
  },
];

export interface DemoProject {
  owner: number;
  title: string;
  description: string;
  category: string;
  tags: string[];
  url?: string;
  image?: boolean;
}

export const DEMO_PROJECTS: DemoProject[] = [
  {
    owner: 3,
    title: 'Rénovation d’un appartement canut à la Croix-Rousse',
    description:
      'Réhabilitation complète de 110 m² sous plafonds de 4 mètres : isolation, mezzanine, cuisine ouverte et conservation des poutres d’origine.',
    category: 'Rénovation',
    tags: ['Rénovation énergétique', 'Patrimoine', 'Lyon'],
    image: true,
  },
  {
    owner: 8,
    title: 'Maison bois à Arcachon',
    description:
      'Une maison de 140 m² en ossature bois, pensée pour le confort d’été sans climatisation, livrée en dix mois.',
    category: 'Architecture',
    tags: ['Bois', 'Bioclimatique', 'Gironde'],
    image: true,
  },
  {
    owner: 9,
    title: 'Reportage du salon Entreprendre Lille',
    description:
      'Trois jours de reportage, 400 photographies livrées chaque soir pour les réseaux sociaux des exposants.',
    category: 'Photographie',
    tags: ['Événementiel', 'Reportage', 'Lille'],
  },
  {
    owner: 10,
    title: 'Site de réservation pour un cabinet de kinésithérapie',
    description:
      'Site accessible avec prise de rendez-vous en ligne, rappels par SMS et gestion des créneaux par les praticiens.',
    category: 'Site web',
    tags: ['React', 'Accessibilité', 'Santé'],
    url: 'https://www.kine-henry.example',
  },
  {
    owner: 11,
    title: 'Boutique en ligne d’une savonnerie marseillaise',
    description:
      'Catalogue de 120 produits, paiement en trois fois et expédition automatisée : les ventes en ligne ont doublé en un an.',
    category: 'E-commerce',
    tags: ['Shopify', 'Artisanat', 'Marseille'],
  },
  {
    owner: 19,
    title: 'Identité visuelle d’une brasserie artisanale',
    description: 'Logo, étiquettes de six bières et signalétique de la salle de dégustation.',
    category: 'Design graphique',
    tags: ['Identité visuelle', 'Packaging', 'Illustration'],
    image: true,
  },
  {
    owner: 25,
    title: 'Séminaire annuel de 180 collaborateurs',
    description: 'Deux jours au bord de l’Erdre : plénière, ateliers, soirée de gala et transport depuis trois villes.',
    category: 'Événementiel',
    tags: ['Séminaire', 'Logistique', 'Nantes'],
  },
  {
    owner: 29,
    title: 'Aménagement d’une boutique de créateurs',
    description:
      'Réaménagement de 60 m² pour présenter douze créateurs, avec un mobilier modulable fabriqué sur mesure.',
    category: 'Architecture intérieure',
    tags: ['Commerce', 'Agencement', 'Paris'],
  },
  {
    owner: 38,
    title: 'Bibliothèque sur mesure en chêne massif',
    description:
      'Une bibliothèque de six mètres avec échelle coulissante, dessinée avec l’architecte d’intérieur du client.',
    category: 'Menuiserie',
    tags: ['Bois', 'Sur mesure', 'Rennes'],
  },
  {
    owner: 39,
    title: 'Film de marque pour un domaine viticole',
    description: 'Un film de deux minutes tourné sur une année de vendanges, avec des images aériennes par drone.',
    category: 'Vidéo',
    tags: ['Drone', 'Vin', 'Film de marque'],
  },
];

export interface DemoJob {
  owner: number;
  title: string;
  location: string;
  type: string;
  experience: string;
  description: string;
  skills: string[];
  /** Members who applied, with their message. */
  applicants: [member: number, message: string][];
}

export const DEMO_JOBS: DemoJob[] = [
  {
    owner: 1,
    title: 'Négociateur immobilier',
    location: 'Lyon',
    type: 'CDI',
    experience: '2 ans minimum',
    description:
      'Girard Immobilier renforce son équipe : vous prenez en charge les mandats de l’Ouest lyonnais, de l’estimation à la signature, avec un portefeuille de clients existant.',
    skills: ['Négociation', 'Transaction immobilière', 'Permis B'],
    applicants: [[9, 'Je connais bien le secteur et je cherche à me reconvertir dans la transaction.']],
  },
  {
    owner: 7,
    title: 'Collaborateur comptable',
    location: 'Nantes',
    type: 'CDI',
    experience: '3 ans minimum',
    description:
      'Vous gérez un portefeuille de 60 dossiers de TPE et professions libérales, de la saisie au bilan, avec le soutien d’un expert-comptable associé.',
    skills: ['Comptabilité', 'Fiscalité', 'Excel'],
    applicants: [],
  },
  {
    owner: 10,
    title: 'Développeur front-end en alternance',
    location: 'Toulouse',
    type: 'Alternance',
    experience: 'Débutant accepté',
    description:
      'Vous participez à la création de sites accessibles pour nos clients commerçants, aux côtés d’une développeuse expérimentée, en React et TypeScript.',
    skills: ['React', 'TypeScript', 'HTML', 'CSS'],
    applicants: [
      [11, 'Je peux accueillir votre alternant sur nos projets e-commerce communs, parlons-en !'],
      [28, 'Je serais ravi de former votre alternant au référencement naturel.'],
    ],
  },
  {
    owner: 17,
    title: 'Rédacteur web freelance',
    location: 'Paris (télétravail possible)',
    type: 'Freelance',
    experience: '1 an minimum',
    description:
      'Pour des clients PME, vous rédigez chaque mois des articles de blog et des publications LinkedIn, à partir d’un calendrier éditorial fourni.',
    skills: ['Rédaction', 'LinkedIn', 'SEO'],
    applicants: [
      [
        28,
        'Je rédige déjà des contenus optimisés pour mes clients en référencement : disponible dès le mois prochain.',
      ],
      [31, 'Traductrice de métier, j’écris aussi en français et en anglais pour le web.'],
    ],
  },
  {
    owner: 25,
    title: 'Chargé de projet événementiel',
    location: 'Nantes',
    type: 'CDD',
    experience: '2 ans minimum',
    description:
      'De mars à octobre, vous coordonnez nos séminaires d’entreprise : lieux, prestataires, inscriptions et présence sur place.',
    skills: ['Organisation d’événements', 'Logistique', 'Gestion de projet'],
    applicants: [[33, 'La gestion de projet est mon quotidien de formatrice, et l’événementiel une passion.']],
  },
  {
    owner: 3,
    title: 'Plaquiste confirmé',
    location: 'Lyon',
    type: 'CDI',
    experience: '5 ans minimum',
    description:
      'Vous réalisez cloisons, doublages et faux plafonds sur nos chantiers de rénovation d’appartements à Lyon, au sein d’une équipe soudée.',
    skills: ['Plâtrerie', 'Isolation', 'Lecture de plans'],
    applicants: [],
  },
];

export interface DemoEvent {
  organizer: number;
  title: string;
  description: string;
  /** Days from today (negative: past). */
  inDays: number;
  time: string;
  location: string;
  /** One of the event categories the migrations create. */
  category: string;
  maxAttendees: number | null;
  /** How many members register (never above maxAttendees). */
  registrations: number;
}

export const DEMO_EVENTS: DemoEvent[] = [
  {
    organizer: 0,
    title: 'Petit-déjeuner d’affaires Synergie Pro Lyon',
    description:
      'Chaque membre présente son activité en une minute, puis place aux échanges autour d’un café. Venez avec vos cartes de visite !',
    inDays: 6,
    time: '08:00',
    location: 'Lyon 2e, salon de l’hôtel des Célestins',
    category: 'Réunion',
    maxAttendees: 12,
    registrations: 12,
  },
  {
    organizer: 12,
    title: 'Atelier : réussir sa prise de parole en public',
    description:
      'Deux heures d’exercices concrets pour présenter votre entreprise avec aisance, en réunion comme sur scène.',
    inDays: 13,
    time: '18:30',
    location: 'Rennes, espace de coworking La Cantine',
    category: 'Atelier',
    maxAttendees: 10,
    registrations: 6,
  },
  {
    organizer: 25,
    title: 'Afterwork des entrepreneurs nantais',
    description: 'Un verre, des rencontres et un mot d’accueil pour les nouveaux membres du réseau.',
    inDays: 20,
    time: '19:00',
    location: 'Nantes, quai de la Fosse',
    category: 'Afterwork',
    maxAttendees: null,
    registrations: 9,
  },
  {
    organizer: 5,
    title: 'Conférence : transmettre son entreprise en 2026',
    description:
      'Fiscalité, pacte Dutreil, calendrier : avocat, notaire et conseillère en patrimoine répondent à vos questions.',
    inDays: 34,
    time: '18:00',
    location: 'Paris 8e, auditorium de la CCI',
    category: 'Conférence',
    maxAttendees: 80,
    registrations: 14,
  },
  {
    organizer: 0,
    title: 'Forum des métiers de l’habitat',
    description:
      'Agents immobiliers, artisans, architectes et financeurs réunis pour une après-midi de rencontres autour des projets de rénovation.',
    inDays: 48,
    time: '14:00',
    location: 'Lyon 7e, halle Tony Garnier',
    category: 'Forum',
    maxAttendees: 150,
    registrations: 11,
  },
  {
    organizer: 11,
    title: 'Lancement de la nouvelle offre e-commerce',
    description: 'Présentation de l’offre, démonstration en direct et apéritif provençal.',
    inDays: -12,
    time: '18:30',
    location: 'Marseille, Vieux-Port',
    category: 'Lancement',
    maxAttendees: 30,
    registrations: 8,
  },
  {
    organizer: 7,
    title: 'Atelier : lire son bilan en 45 minutes',
    description: 'Les indicateurs essentiels de votre bilan et de votre compte de résultat, expliqués simplement.',
    inDays: -30,
    time: '12:30',
    location: 'Nantes, cabinet Fontaine Expertise',
    category: 'Atelier',
    maxAttendees: 8,
    registrations: 8,
  },
  {
    organizer: 0,
    title: 'Soirée de rentrée du réseau',
    description:
      'La soirée de rentrée : bilan de l’année, nouveaux membres et cocktail préparé par un traiteur du réseau.',
    inDays: -75,
    time: '19:00',
    location: 'Lyon 1er, péniche Le Sirius',
    category: 'Afterwork',
    maxAttendees: null,
    registrations: 16,
  },
];

export interface DemoPartner {
  name: string;
  description: string;
  websiteUrl: string;
  category: string;
  isFeatured: boolean;
  displayOrder: number;
  color: string;
}

export const DEMO_PARTNERS: DemoPartner[] = [
  {
    name: 'Chambre des Entrepreneurs',
    description: 'Le réseau régional d’accompagnement à la création et à la reprise d’entreprise.',
    websiteUrl: 'https://www.chambre-des-entrepreneurs.example',
    category: 'Accompagnement',
    isFeatured: true,
    displayOrder: 1,
    color: '#1d4ed8',
  },
  {
    name: 'Banque des Indépendants',
    description: 'Comptes professionnels et financements pour les artisans, commerçants et professions libérales.',
    websiteUrl: 'https://www.banque-des-independants.example',
    category: 'Finance',
    isFeatured: true,
    displayOrder: 2,
    color: '#047857',
  },
  {
    name: 'Coworking Les Ateliers',
    description: 'Bureaux et salles de réunion à Lyon, Nantes et Bordeaux, à la journée ou au mois.',
    websiteUrl: 'https://www.coworking-les-ateliers.example',
    category: 'Espaces de travail',
    isFeatured: false,
    displayOrder: 1,
    color: '#b45309',
  },
  {
    name: 'Assur’Pro Mutuelle',
    description: 'Mutuelle et prévoyance des travailleurs non salariés.',
    websiteUrl: 'https://www.assurpro-mutuelle.example',
    category: 'Assurance',
    isFeatured: false,
    displayOrder: 2,
    color: '#7c3aed',
  },
  {
    name: 'Initiative Création',
    description: 'Prêts d’honneur et parrainage pour les créateurs d’entreprise.',
    websiteUrl: 'https://www.initiative-creation.example',
    category: 'Accompagnement',
    isFeatured: false,
    displayOrder: 3,
    color: '#be123c',
  },
  {
    name: 'Le Journal des PME',
    description: 'L’actualité économique et les conseils pratiques pour les dirigeants de petites entreprises.',
    websiteUrl: 'https://www.journal-des-pme.example',
    category: 'Médias',
    isFeatured: false,
    displayOrder: 4,
    color: '#0f766e',
  },
];

export interface DemoContact {
  requester: number;
  contact: number;
  message: string;
  /** Accepted requests get their shared project. */
  accepted?: { status: 'to_start' | 'in_progress' | 'done'; notes: string };
}

export const DEMO_CONTACTS: DemoContact[] = [
  {
    requester: 1,
    contact: 2,
    message: 'Bonjour Claire, j’ai plusieurs ventes à signer ce trimestre : pourrions-nous organiser nos échanges ?',
    accepted: {
      status: 'in_progress',
      notes: 'Point mensuel sur les compromis en cours. Prochaine signature : appartement rue Vendôme, le 15.',
    },
  },
  {
    requester: 16,
    contact: 1,
    message: 'Bonjour Thomas, je peux étudier le financement de vos acquéreurs en moins de 48 heures.',
    accepted: {
      status: 'to_start',
      notes: 'Idée : une fiche « financer son achat » remise à chaque visite.',
    },
  },
  {
    requester: 3,
    contact: 1,
    message: 'Bonjour, je rénove souvent des biens achetés par vos clients. Et si nous travaillions ensemble ?',
  },
  {
    requester: 9,
    contact: 1,
    message: 'Bonjour Thomas, je réalise des photos immobilières qui font vendre plus vite. Un café cette semaine ?',
  },
  {
    requester: 1,
    contact: 8,
    message: 'Bonjour Léa, plusieurs de mes clients cherchent un architecte pour leurs projets d’extension.',
  },
  {
    requester: 4,
    contact: 5,
    message: 'Bonjour Antoine, un client dirigeant prépare la cession de sa société : votre avis m’intéresse.',
    accepted: { status: 'done', notes: 'Cession signée. Merci pour cette belle collaboration !' },
  },
];

/** Registrations and ratings for the subscribed member so their pages are not empty. */
export const DEMO_SUBSCRIBER_EVENTS = [0, 2, 3];

/** A demo member’s index in DEMO_MEMBERS, by the local part of their email. */
export function demoIndex(login: string): number {
  const index = DEMO_MEMBERS.findIndex((member) => member.login === login);
  if (index < 0) throw new Error(`no demo member ${login}`);
  return index;
}

export interface DemoGroup {
  slug: string;
  name: string;
  city: string;
  departmentCode: string;
  region: string;
  description: string;
  meetingPlace: string;
  meetingRhythm: 'weekly' | 'biweekly' | 'monthly';
  /** ISO weekday, 1 = Monday. */
  meetingWeekday: number;
  meetingTime: string;
  /** How long ago the group was opened, in days. */
  openedDaysAgo: number;
  /** Members by login, in the order they joined; each holds their own trade’s seat. */
  members: string[];
  leaders: Partial<Record<'president' | 'vice_president' | 'secretary_treasurer', string>>;
}

/** The three groups of network-core §2's examples: one active, one forming, one active near the office. */
export const DEMO_GROUPS: DemoGroup[] = [
  {
    slug: 'lyon-confluence',
    name: 'Synergie Pro Lyon Confluence',
    city: 'Lyon',
    departmentCode: '69',
    region: 'Auvergne-Rhône-Alpes',
    description:
      'Le groupe des entrepreneurs de la Confluence et de la Presqu’île : chaque mardi matin, un professionnel par métier se retrouve pour se passer des affaires, présenter son activité en 60 secondes et accueillir des invités. Artisans, professions libérales, commerçants : le siège de votre métier est peut-être libre.',
    meetingPlace: 'Hôtel de la Confluence, salle Saône, 18 cours Charlemagne, 69002 Lyon',
    meetingRhythm: 'weekly',
    meetingWeekday: 2,
    meetingTime: '07:00',
    openedDaysAgo: 240,
    members: [
      'admin',
      'claire.dubois',
      'guillaume.martin',
      'julien.moreau',
      'bastien.roussel',
      'amandine.perrot',
      'maxime.carpentier',
      'agathe.michaud',
      'florian.barbier',
      'margaux.lacroix',
      'jerome.renaud',
    ],
    leaders: { president: 'admin', vice_president: 'claire.dubois', secretary_treasurer: 'guillaume.martin' },
  },
  {
    slug: 'paris-11e',
    name: 'Synergie Pro Paris 11e',
    city: 'Paris',
    departmentCode: '75',
    region: 'Île-de-France',
    description:
      'Un groupe en formation entre Oberkampf et Voltaire : un déjeuner d’affaires chaque jeudi pour les indépendants, les créateurs et les dirigeants du 11e arrondissement. Rejoignez les premiers membres et prenez le siège de votre métier.',
    meetingPlace: 'Le Comptoir Voltaire, 92 boulevard Voltaire, 75011 Paris',
    meetingRhythm: 'weekly',
    meetingWeekday: 4,
    meetingTime: '12:00',
    openedDaysAgo: 45,
    members: [
      'antoine.lefevre',
      'sarah.mercier',
      'mehdi.saidi',
      'elodie.fournier',
      'baptiste.lemaire',
      'nora.belkacem',
    ],
    leaders: { president: 'antoine.lefevre' },
  },
  {
    slug: 'champigny-sur-marne',
    name: 'Synergie Pro Champigny-sur-Marne',
    city: 'Champigny-sur-Marne',
    departmentCode: '94',
    region: 'Île-de-France',
    description:
      'Les artisans et les professionnels des bords de Marne se retrouvent un vendredi sur deux au petit matin, à deux pas du siège de Synergie Pro : recommandations, tête-à-tête et chantiers partagés entre voisins.',
    meetingPlace: 'Salle des Coudreaux, 12 avenue Roger Salengro, 94500 Champigny-sur-Marne',
    meetingRhythm: 'biweekly',
    meetingWeekday: 5,
    meetingTime: '08:00',
    openedDaysAgo: 180,
    members: [
      'laurent.mallet',
      'sabrina.diallo',
      'gilles.hamon',
      'virginie.royer',
      'thierry.collet',
      'samia.haddou',
      'arnaud.lebrun',
      'emeline.jacob',
      'fabrice.morin',
      'heloise.marchal',
      'kevin.dasilva',
      'yasmine.aubert',
    ],
    leaders: { president: 'laurent.mallet', vice_president: 'sabrina.diallo', secretary_treasurer: 'gilles.hamon' },
  },
];

/**
 * The pending application of the demo (Lyon, 2 days old, so its 7-day objection period runs),
 * with one member’s objection, seen by the leaders only.
 */
export const DEMO_GROUP_APPLICATION = {
  group: 'lyon-confluence',
  applicant: 'nathalie.clement',
  message:
    'Courtière en assurances professionnelles à Lyon depuis dix ans, je cherche un groupe pour échanger des recommandations avec des artisans et des professions libérales.',
  daysAgo: 2,
  objection: {
    by: 'jerome.renaud',
    reason:
      'Je travaille déjà avec un courtier que je recommande à mes clients : j’aimerais que nous en parlions en réunion avant la décision.',
    daysAgo: 1,
  },
};

/**
 * A waiting list on a held seat (network-core §2 "Waiting list"): Lyon’s agent immobilier seat,
 * held by Bastien Roussel; first in line Damien Leroy, second the printed demo member, who reads
 * `Vous êtes 2e sur la liste d’attente`.
 */
export const DEMO_WAITLIST = {
  group: 'lyon-confluence',
  trade: 'agent-immobilier',
  /** In line order, with how long ago each joined the list. */
  members: [
    { login: 'damien.leroy', daysAgo: 20 },
    { login: 'membre', daysAgo: 6 },
  ],
};

// ---------------------------------------------------------------------------
// Recommendations, closed business, one-to-ones, testimonials (network-core §3)
// ---------------------------------------------------------------------------

/** One step of a demo recommendation after it was given: the status it reached, days after. */
export interface DemoRecommendationStep {
  status: 'contacted' | 'meeting' | 'quote_sent' | 'won' | 'lost' | 'no_follow_up';
  afterDays: number;
  note?: string;
}

export interface DemoRecommendation {
  giver: string;
  receiver: string;
  kind: 'for_you' | 'external';
  contact?: { name: string; phone?: string; email?: string; company?: string };
  need: string;
  heat: number;
  message: string;
  daysAgo: number;
  steps: DemoRecommendationStep[];
  /** For `won`: the amount excluding VAT, in cents, and what the giver answered. */
  business?: { amountCents: number; answer?: 'confirmed' | 'disputed'; disputeReason?: string };
  lostReason?: string;
  /** The 7-day reminder went out. */
  reminded?: boolean;
}

/**
 * Recommendations at every status, between Lyon’s members and the two printed demo logins
 * (`admin`, présidente of Lyon, and `membre`), over the last six months so the totals per month
 * have something to show: confirmed, declared (waiting for the giver’s `Je confirme`) and
 * disputed business, lost and without follow-up, and fresh ones at `Reçue`.
 */
export const DEMO_RECOMMENDATIONS: DemoRecommendation[] = [
  {
    giver: 'claire.dubois',
    receiver: 'admin',
    kind: 'external',
    contact: {
      name: 'Hélène Vasseur',
      phone: '+33478123456',
      email: 'h.vasseur@example.fr',
      company: 'Vasseur Logistique',
    },
    need: 'Organiser un cycle de petits-déjeuners d’affaires pour ses 40 fournisseurs de la région lyonnaise.',
    heat: 5,
    message: 'Hélène attend ton appel cette semaine, elle a déjà un budget.',
    daysAgo: 150,
    steps: [
      { status: 'contacted', afterDays: 1 },
      { status: 'meeting', afterDays: 6, note: 'Rendez-vous dans leurs locaux de Vénissieux.' },
      { status: 'quote_sent', afterDays: 12 },
      { status: 'won', afterDays: 25 },
    ],
    business: { amountCents: 1_250_000, answer: 'confirmed' },
  },
  {
    giver: 'admin',
    receiver: 'amandine.perrot',
    kind: 'external',
    contact: { name: 'Marc Olivier', phone: '0612345678', company: 'Boulangerie Olivier' },
    need: 'Reprendre la comptabilité de sa boulangerie et préparer l’ouverture d’une deuxième boutique.',
    heat: 4,
    message: 'Marc ouvre en février : il faut aller vite.',
    daysAgo: 40,
    steps: [
      { status: 'contacted', afterDays: 2 },
      { status: 'quote_sent', afterDays: 9 },
      { status: 'won', afterDays: 20, note: 'Signé, démarrage en janvier.' },
    ],
    business: { amountCents: 480_000 },
  },
  {
    giver: 'membre',
    receiver: 'florian.barbier',
    kind: 'external',
    contact: { name: 'Isabelle Chauvin', email: 'isabelle.chauvin@example.fr' },
    need: 'Des plans de rénovation pour un appartement de famille avant sa mise en vente.',
    heat: 3,
    message: 'Une cliente qui vend : elle veut un architecte de confiance avant les photos.',
    daysAgo: 60,
    steps: [
      { status: 'contacted', afterDays: 3 },
      { status: 'meeting', afterDays: 8 },
      { status: 'won', afterDays: 30 },
    ],
    business: { amountCents: 920_000 },
  },
  {
    giver: 'guillaume.martin',
    receiver: 'julien.moreau',
    kind: 'for_you',
    need: 'Cloisonner notre atelier d’impression pour créer deux bureaux avant l’été.',
    heat: 4,
    message: 'Pour notre atelier : j’aimerais un devis avant fin mars.',
    daysAgo: 120,
    steps: [
      { status: 'meeting', afterDays: 4 },
      { status: 'won', afterDays: 18 },
    ],
    business: {
      amountCents: 1_500_000,
      answer: 'disputed',
      disputeReason: 'Le devis signé est de 9 500 € HT, pas 15 000 € : le second bureau n’a pas été commandé.',
    },
  },
  {
    giver: 'agathe.michaud',
    receiver: 'jerome.renaud',
    kind: 'external',
    contact: { name: 'Paul Besson', phone: '+33472998877', company: 'Besson & Fils' },
    need: 'Un bilan patrimonial avant la cession de son entreprise familiale.',
    heat: 5,
    message: 'Paul cède son entreprise l’an prochain, il cherche un conseil indépendant.',
    daysAgo: 90,
    steps: [
      { status: 'contacted', afterDays: 1 },
      { status: 'meeting', afterDays: 5 },
      { status: 'won', afterDays: 21 },
    ],
    business: { amountCents: 800_000, answer: 'confirmed' },
  },
  {
    giver: 'admin',
    receiver: 'guillaume.martin',
    kind: 'for_you',
    need: 'Imprimer les supports de la soirée des dix ans de Synergie Pro Lyon : kakémonos, invitations et 500 flyers.',
    heat: 3,
    message: 'La soirée a lieu au printemps : sans urgence, mais avec un vrai budget.',
    daysAgo: 20,
    steps: [
      { status: 'contacted', afterDays: 1 },
      { status: 'meeting', afterDays: 5 },
      { status: 'quote_sent', afterDays: 12, note: 'Deux devis envoyés, papier recyclé ou premium.' },
    ],
  },
  {
    giver: 'julien.moreau',
    receiver: 'admin',
    kind: 'external',
    contact: { name: 'Nadia Ferhat', phone: '0678901234', email: 'nadia@example.fr', company: 'Atelier Ferhat' },
    need: 'Rejoindre un réseau d’affaires pour développer sa clientèle de professionnels.',
    heat: 4,
    message: 'Nadia est ébéniste, elle cherche un groupe : tu peux l’inviter mardi ?',
    daysAgo: 2,
    steps: [],
  },
  {
    giver: 'admin',
    receiver: 'membre',
    kind: 'external',
    contact: { name: 'Olivier Ruiz', phone: '0687654321', company: 'Ruiz Conseil' },
    need: 'Estimer et vendre une maison à Écully.',
    heat: 4,
    message: 'Olivier vend la maison de ses parents, il préfère un agent recommandé.',
    daysAgo: 12,
    steps: [{ status: 'contacted', afterDays: 2, note: 'Premier appel, visite à caler.' }],
  },
  {
    giver: 'membre',
    receiver: 'admin',
    kind: 'for_you',
    need: 'Animer la soirée de lancement de mon agence.',
    heat: 3,
    message: 'Pour mon agence : une soirée pour 60 clients et partenaires, en mars.',
    daysAgo: 8,
    steps: [
      { status: 'contacted', afterDays: 1 },
      { status: 'meeting', afterDays: 2, note: 'Visite du lieu prévue la semaine prochaine.' },
    ],
  },
  {
    giver: 'maxime.carpentier',
    receiver: 'admin',
    kind: 'external',
    contact: { name: 'Lucie Garnier', email: 'lucie.garnier@example.fr' },
    need: 'Un séminaire de deux jours pour son équipe commerciale.',
    heat: 2,
    message: 'À tenter : Lucie compare plusieurs prestataires.',
    daysAgo: 75,
    steps: [
      { status: 'contacted', afterDays: 3 },
      { status: 'lost', afterDays: 20 },
    ],
    lostReason: 'Le séminaire a été reporté à l’an prochain par sa direction.',
  },
  {
    giver: 'admin',
    receiver: 'margaux.lacroix',
    kind: 'external',
    contact: { name: 'Yann Le Goff', phone: '0611223344' },
    need: 'Des compositions florales pour un mariage de 120 invités en juin.',
    heat: 2,
    message: 'Yann compare encore, mais il aime le travail local.',
    daysAgo: 100,
    steps: [{ status: 'no_follow_up', afterDays: 15, note: 'Injoignable après trois appels.' }],
  },
  {
    giver: 'claire.dubois',
    receiver: 'membre',
    kind: 'external',
    contact: { name: 'Famille Perrin', phone: '0655443322', email: 'perrin.famille@example.fr' },
    need: 'Acheter une maison avec jardin à l’ouest de Lyon, budget 550 000 €.',
    heat: 3,
    message: 'Des clients de l’étude qui cherchent : je leur ai parlé de toi.',
    daysAgo: 9,
    steps: [],
    reminded: true,
  },
  {
    giver: 'margaux.lacroix',
    receiver: 'amandine.perrot',
    kind: 'for_you',
    need: 'Tenir la comptabilité de mon cabinet à partir de janvier.',
    heat: 5,
    message: 'Je change d’expert-comptable au 1er janvier : Amandine m’a fait bonne impression en réunion.',
    daysAgo: 45,
    steps: [
      { status: 'meeting', afterDays: 3 },
      { status: 'won', afterDays: 10 },
    ],
    business: { amountCents: 360_000, answer: 'confirmed' },
  },
  // Issue 29: the printed member’s year before the last six months, so that /dashboard’s 12-month
  // trend and `Mon retour sur cotisation` have months to show (older than the score’s 6 months:
  // no score changes).
  {
    giver: 'claire.dubois',
    receiver: 'membre',
    kind: 'external',
    contact: { name: 'Sophie Girard', phone: '0644556677' },
    need: 'Vendre un appartement de trois pièces à la Croix-Rousse après une succession.',
    heat: 4,
    message: 'Une succession que je règle à l’étude : les héritiers veulent vendre vite.',
    daysAgo: 330,
    steps: [
      { status: 'contacted', afterDays: 1 },
      { status: 'meeting', afterDays: 4 },
      { status: 'won', afterDays: 21, note: 'Mandat exclusif signé.' },
    ],
    business: { amountCents: 850_000, answer: 'confirmed' },
  },
  {
    giver: 'membre',
    receiver: 'julien.moreau',
    kind: 'external',
    contact: { name: 'Thomas Lemaire', email: 'thomas.lemaire@example.fr' },
    need: 'Rafraîchir une maison achetée à Tassin avant d’emménager\u00a0: peinture et sols.',
    heat: 4,
    message: 'Des acheteurs que j’ai accompagnés : ils emménagent dans deux mois.',
    daysAgo: 280,
    steps: [
      { status: 'contacted', afterDays: 2 },
      { status: 'quote_sent', afterDays: 9 },
      { status: 'won', afterDays: 16 },
    ],
    business: { amountCents: 340_000, answer: 'confirmed' },
  },
  {
    giver: 'guillaume.martin',
    receiver: 'membre',
    kind: 'external',
    contact: { name: 'Émilie Roux', phone: '0699887766', company: 'Roux Design' },
    need: 'Trouver un local commercial de 80 m² en Presqu’île pour son studio.',
    heat: 3,
    message: 'Une cliente de l’imprimerie qui grandit : elle cherche un local.',
    daysAgo: 240,
    steps: [
      { status: 'contacted', afterDays: 2 },
      { status: 'meeting', afterDays: 7 },
      { status: 'won', afterDays: 30 },
    ],
    business: { amountCents: 620_000, answer: 'confirmed' },
  },
  {
    giver: 'agathe.michaud',
    receiver: 'membre',
    kind: 'external',
    contact: { name: 'Bernard Faure', phone: '0633221100' },
    need: 'Estimer un immeuble de rapport à Villeurbanne.',
    heat: 2,
    message: 'Un client qui hésite encore à vendre.',
    daysAgo: 215,
    steps: [
      { status: 'contacted', afterDays: 3 },
      { status: 'lost', afterDays: 18 },
    ],
    lostReason: 'Le propriétaire a choisi de garder l’immeuble.',
  },
  {
    giver: 'membre',
    receiver: 'claire.dubois',
    kind: 'external',
    contact: { name: 'Claire et Hugo Lenoir', email: 'lenoir@example.fr' },
    need: 'Un compromis de vente et le conseil d’un notaire pour un premier achat.',
    heat: 3,
    message: 'Des primo-accédants qui signent bientôt un compromis.',
    daysAgo: 195,
    steps: [{ status: 'no_follow_up', afterDays: 25 }],
  },
];

/** Logged one-to-ones (`Tête-à-tête`): the logger first; `confirmed` when the other confirmed. */
export const DEMO_ONE_TO_ONES: {
  requester: string;
  partner: string;
  daysAgo: number;
  place: string;
  notes: string;
  confirmed: boolean;
}[] = [
  {
    requester: 'admin',
    partner: 'claire.dubois',
    daysAgo: 35,
    place: 'Café du Musée, Lyon 2e',
    notes: 'Ses clients idéaux : TPE du bâtiment qui passent en société.',
    confirmed: true,
  },
  {
    requester: 'julien.moreau',
    partner: 'admin',
    daysAgo: 18,
    place: 'Chantier rue Smith',
    notes: 'Visite de chantier : très soigné.',
    confirmed: true,
  },
  {
    requester: 'membre',
    partner: 'admin',
    daysAgo: 4,
    place: 'Hôtel de la Confluence',
    notes: 'Parler de la soirée de lancement.',
    confirmed: false,
  },
  {
    requester: 'guillaume.martin',
    partner: 'membre',
    daysAgo: 6,
    place: 'Les Halles Paul Bocuse',
    notes: 'Ses clients vendeurs ont souvent besoin de plaquettes : à relancer en janvier.',
    confirmed: false,
  },
];

/** Testimonials (`Témoignages`): approved ones show on the member’s public page. */
export const DEMO_TESTIMONIALS: {
  author: string;
  subject: string;
  body: string;
  status: 'approved' | 'pending';
  daysAgo: number;
}[] = [
  {
    author: 'claire.dubois',
    subject: 'admin',
    body: 'Sophie a organisé pour nous un cycle de rencontres fournisseurs impeccable : du premier appel au dernier café, tout était pensé. Je la recommande les yeux fermés.',
    status: 'approved',
    daysAgo: 100,
  },
  {
    author: 'jerome.renaud',
    subject: 'agathe.michaud',
    body: 'Agathe m’a présenté un client en or, avec un vrai contexte et un rendez-vous déjà calé. C’est ça, une recommandation utile.',
    status: 'approved',
    daysAgo: 50,
  },
  {
    author: 'guillaume.martin',
    subject: 'admin',
    body: 'Toujours de bon conseil et d’une grande disponibilité : grâce à Sophie, notre agence a trouvé trois partenaires fiables en un an.',
    status: 'pending',
    daysAgo: 3,
  },
  {
    author: 'admin',
    subject: 'membre',
    body: 'Thomas connaît le marché lyonnais comme personne et tient ses clients informés à chaque étape. Un partenaire sûr.',
    status: 'approved',
    daysAgo: 20,
  },
];

// ---------------------------------------------------------------------------
// Forum (network-core §9): the spec’s five static topics, now real discussions
// ---------------------------------------------------------------------------

export interface DemoForumReply {
  author: string;
  body: string;
  daysAgo: number;
  accepted?: boolean;
  /** Logins named with `@` in the body (their display name follows the @). */
  mentions?: string[];
  /** Hidden by the admin after reports, with this reason. */
  hidden?: string;
  /** Logins who reported it (the report stays open unless hidden). */
  reportedBy?: string[];
}

export interface DemoForumTopic {
  /** A national category’s slug (migration 0013), or `groupe-<group slug>`. */
  category: string;
  author: string;
  title: string;
  body: string;
  daysAgo: number;
  isPublic?: boolean;
  mentions?: string[];
  replies: DemoForumReply[];
}

export const DEMO_FORUM_TOPICS: DemoForumTopic[] = [
  {
    category: 'entrepreneuriat',
    author: 'camille.perrin',
    title: 'Comment trouver ses premiers clients après sa création\u202f?',
    body: 'J’ai lancé mon activité de coaching il y a trois mois. Le bouche-à-oreille démarre doucement et je ne veux pas brader mes tarifs.\nQu’est-ce qui a le mieux marché pour vous la première année\u202f?',
    daysAgo: 9,
    isPublic: true,
    replies: [
      {
        author: 'marc.fontaine',
        body: 'Ce qui marche le mieux chez mes clients créateurs\u202f: une offre courte et claire, un prix affiché, et dix rendez-vous par mois avec des prescripteurs (expert-comptable, banquier, notaire) plutôt qu’avec des prospects.\nLes prescripteurs vous envoient des clients pendant des années.',
        daysAgo: 8,
        accepted: true,
      },
      {
        author: 'sarah.mercier',
        body: 'Publiez une fois par semaine un cas concret (anonymisé) sur LinkedIn. Au bout de trois mois, on vient vous chercher.',
        daysAgo: 7,
      },
      {
        author: 'membre',
        body: 'Et venez en visiteur à une réunion de groupe\u202f: on y passe des recommandations chaque semaine.',
        daysAgo: 6,
      },
    ],
  },
  {
    category: 'outils',
    author: 'chloe.laurent',
    title: 'Quel logiciel de facturation recommandez-vous\u202f?',
    body: 'Traiteur, une quarantaine de factures par mois, des acomptes à chaque commande. Mon tableur montre ses limites. Que conseillez-vous pour une TPE\u202f?',
    daysAgo: 14,
    replies: [
      {
        author: 'amandine.perrot',
        body: 'Prenez un logiciel qui gère les acomptes et qui sera prêt pour la facture électronique (format Factur-X). Demandez-le par écrit à l’éditeur avant de signer.\nEt vérifiez l’export vers votre expert-comptable\u202f: c’est là que l’on perd le plus de temps.',
        daysAgo: 13,
        accepted: true,
      },
      {
        author: 'ines.garnier',
        body: 'Évitez de faire développer un outil sur mesure pour ça\u202f: les solutions du marché coûtent moins de 30 € par mois.',
        daysAgo: 12,
      },
    ],
  },
  {
    category: 'collaborations',
    author: 'kevin.dasilva',
    title: 'Recherche un plombier partenaire dans le Val-de-Marne',
    body: 'Peintre en bâtiment à Champigny, je rénove surtout des salles de bains. Je cherche un plombier chauffagiste fiable pour des chantiers communs, devis groupés.',
    daysAgo: 18,
    replies: [
      {
        author: 'laurent.mallet',
        body: 'Je suis à Champigny aussi, on en parle à la réunion de mardi\u202f? Je vous montre deux chantiers que nous pourrions faire ensemble.',
        daysAgo: 17,
        accepted: true,
      },
      {
        author: 'gilles.hamon',
        body: 'Pour l’électricité des salles de bains, je peux compléter l’équipe. @Stéphane Noël intervient aussi côté Paris si vous avez des chantiers là-bas.',
        daysAgo: 16,
        mentions: ['stephane.noel'],
      },
      {
        author: 'pierre.blanc',
        body: 'Bon plan\u202f: -50 % sur mes viennoiseries pour tout chantier signé ce mois-ci, écrivez-moi en privé\u202f!',
        daysAgo: 15,
        hidden: 'Publicité sans rapport avec la question.',
        reportedBy: ['kevin.dasilva', 'laurent.mallet'],
      },
    ],
  },
  {
    category: 'reglementation',
    author: 'pierre.blanc',
    title: 'Se préparer à la facturation électronique obligatoire',
    body: 'Boulangerie, deux salariés. On entend tout et son contraire sur la facture électronique. Qu’est-ce qui change pour moi, et quand\u202f?',
    daysAgo: 21,
    isPublic: true,
    replies: [
      {
        author: 'marc.fontaine',
        body: 'Depuis le 1er septembre 2026, toutes les entreprises doivent pouvoir recevoir des factures électroniques\u202f; l’obligation d’en émettre suit selon la taille (septembre 2027 pour les TPE et PME).\nConcrètement\u202f: choisissez une plateforme agréée et un logiciel qui produit du Factur-X.\nLa page officielle\u202f: https://www.impots.gouv.fr/professionnel/je-passe-la-facturation-electronique',
        daysAgo: 20,
        accepted: true,
      },
      {
        author: 'antoine.lefevre',
        body: 'J’ajoute\u202f: gardez vos factures papier actuelles dix ans, la réforme ne change rien à la conservation.',
        daysAgo: 19,
      },
    ],
  },
  {
    category: 'evenements',
    author: 'lucie.robin',
    title: 'Retour sur l’afterwork de novembre\u202f: vos impressions',
    body: 'Merci aux quarante participants de l’afterwork de jeudi\u202f! Qu’avez-vous pensé du format «\u00a0une minute pour se présenter\u00a0»\u202f? On le garde pour décembre\u202f?',
    daysAgo: 5,
    replies: [
      {
        author: 'hugo.lambert',
        body: 'Format parfait, trois contacts utiles en une soirée. Un peu de bruit au fond de la salle, peut-être un micro la prochaine fois.',
        daysAgo: 4,
      },
      {
        author: 'emilie.rousseau',
        body: 'À garder\u202f! @Lucie Robin, pouvez-vous partager la liste des participants qui ont accepté d’être contactés\u202f?',
        daysAgo: 3,
        mentions: ['lucie.robin'],
        reportedBy: ['membre'],
      },
    ],
  },
  // `Entraide` (issue 31): the mutual help the pitch promises, answered, and one question still
  // waiting, so the forum’s landing shows both lists.
  {
    category: 'entraide',
    author: 'kevin.dasilva',
    title: 'Un client ne paie pas sa facture depuis deux mois\u00a0: comment faire\u202f?',
    body: 'Chantier terminé et réceptionné en septembre, 4\u00a0800\u00a0€ toujours impayés malgré deux relances par courriel. Le client ne répond plus au téléphone. Par où commencer sans y laisser des mois\u202f?',
    daysAgo: 6,
    isPublic: true,
    replies: [
      {
        author: 'antoine.lefevre',
        body: 'Envoyez d’abord une mise en demeure par lettre recommandée avec accusé de réception, avec un délai de huit jours et les pénalités de retard prévues sur votre facture.\nSans réponse, l’injonction de payer se demande en ligne au tribunal judiciaire, sans avocat sous 10\u00a0000\u00a0€\u00a0: comptez deux à trois mois.',
        daysAgo: 5,
        accepted: true,
      },
      {
        author: 'marc.fontaine',
        body: 'Et pour la suite\u00a0: un acompte de 30\u00a0% à la commande et une facture intermédiaire à mi-chantier. Les impayés fondent.',
        daysAgo: 5,
      },
      {
        author: 'kevin.dasilva',
        body: 'Merci à tous les deux, la lettre part demain matin.',
        daysAgo: 4,
      },
    ],
  },
  {
    category: 'entraide',
    author: 'chloe.laurent',
    title: 'Assurance pour un stand sur un marché de Noël\u202f?',
    body: 'La mairie me demande une attestation de responsabilité civile pour tenir un stand de traiteur trois week-ends de décembre. Mon contrat actuel suffit-il ou faut-il une extension\u202f?',
    daysAgo: 3,
    replies: [
      {
        author: 'sarah.mercier',
        body: 'Appelez votre assureur avec les dates et le lieu\u00a0: la plupart des contrats de RC professionnelle couvrent les ventes hors de vos locaux, mais l’attestation doit le dire. Demandez qu’elle mentionne l’événement, c’est ce que la mairie vérifie.',
        daysAgo: 2,
      },
    ],
  },
  {
    category: 'entraide',
    author: 'hugo.lambert',
    title: 'Qui peut relire mes conditions générales de vente\u202f?',
    body: 'Je refais mes CGV avant de répondre à un appel d’offres d’une collectivité. Un membre juriste ou avocat aurait-il une heure à me consacrer, contre un tête-à-tête ou une recommandation\u202f?',
    daysAgo: 1,
    replies: [],
  },
  {
    category: 'entraide',
    author: 'emilie.rousseau',
    title: 'Un bon outil pour prendre des rendez-vous en ligne\u202f?',
    body: 'Mes clientes réservent encore par SMS et j’oublie d’en noter la moitié. Je cherche un agenda en ligne simple, avec rappel la veille, pour un institut d’une seule personne.',
    daysAgo: 11,
    replies: [
      {
        author: 'ines.garnier',
        body: 'Prenez un outil qui envoie le rappel par SMS et non seulement par courriel, et qui bloque vos pauses\u00a0: les absences chutent de moitié.',
        daysAgo: 10,
        accepted: true,
      },
      {
        author: 'lucie.robin',
        body: 'Vérifiez aussi que les données de vos clientes restent hébergées en Europe, pour le RGPD.',
        daysAgo: 9,
      },
    ],
  },
  {
    category: 'groupe-lyon-confluence',
    author: 'admin',
    title: 'Réunion de jeudi\u202f: qui présente\u202f?',
    body: 'Bonjour à tous, @Claire Dubois ouvre la présentation de la semaine. Pensez à vos recommandations et à vos visiteurs.',
    daysAgo: 2,
    mentions: ['claire.dubois'],
    replies: [
      {
        author: 'claire.dubois',
        body: 'Avec plaisir. Je parlerai des donations entre vifs, dix minutes, questions comprises.',
        daysAgo: 1,
      },
    ],
  },
];

/**
 * The roster import to try (issue 33, docs/product/roster-import.md): Paris 11e’s président imports
 * the BNI Connect roster shipped with the tests; its eight trades are free in that group.
 */
export const DEMO_ROSTER = {
  group: 'paris-11e',
  leader: 'antoine.lefevre',
  file: 'apps/server/test/fixtures/roster-bni.xlsx',
};
