export interface ForumTopic {
  id: string;
  title: string;
  category: string;
  author: string;
  replies: number;
  /** ISO date (YYYY-MM-DD) of the last message. */
  lastActivity: string;
}

/** The five static topics of /forum (spec section 2). */
export const sampleTopics: readonly ForumTopic[] = [
  {
    id: 'premiers-clients',
    title: 'Comment trouver ses premiers clients après sa création ?',
    category: 'Entrepreneuriat',
    author: 'Marie Dubois',
    replies: 12,
    lastActivity: '2026-11-18',
  },
  {
    id: 'logiciel-facturation',
    title: 'Quel logiciel de facturation recommandez-vous ?',
    category: 'Outils',
    author: 'Sophie Laurent',
    replies: 21,
    lastActivity: '2026-11-16',
  },
  {
    id: 'partenaire-plombier',
    title: 'Recherche un plombier partenaire dans le Val-de-Marne',
    category: 'Collaborations',
    author: 'Karim Benali',
    replies: 5,
    lastActivity: '2026-11-13',
  },
  {
    id: 'facturation-electronique',
    title: 'Se préparer à la facturation électronique obligatoire',
    category: 'Réglementation',
    author: 'Claire Petit',
    replies: 17,
    lastActivity: '2026-11-09',
  },
  {
    id: 'afterwork-retour',
    title: "Retour sur l'afterwork de novembre : vos impressions",
    category: 'Événements',
    author: 'Thomas Martin',
    replies: 8,
    lastActivity: '2026-11-04',
  },
];
