import { Activity, Database, HardDrive, Image, ImageOff, type LucideIcon, Mail, Server, Users } from 'lucide-react';

export type StatusLevel = 'ok' | 'warning' | 'info';

export interface StatusItem {
  title: string;
  icon: LucideIcon;
  level: StatusLevel;
  summary: string;
  details: readonly { label: string; value: string }[];
}

export interface CheckRow {
  check: string;
  level: StatusLevel;
  detail: string;
}

// The spec calls these pages static (docs/product/decisions.md "Pages the spec calls static"): fixed example
// values, labelled as such on the page. A later step turns system health into a real admin view.

export const diagnosticOverview: readonly StatusItem[] = [
  {
    title: 'Base de données',
    icon: Database,
    level: 'ok',
    summary: 'Connexion établie, schéma à jour.',
    details: [
      { label: 'Temps de réponse', value: '12 ms' },
      { label: 'Migrations', value: 'À jour' },
    ],
  },
  {
    title: 'File d’envoi des emails',
    icon: Mail,
    level: 'ok',
    summary: 'Les emails partent normalement.',
    details: [
      { label: 'En attente', value: '0' },
      { label: 'Envoyés (24 h)', value: '42' },
    ],
  },
  {
    title: 'Stockage des fichiers',
    icon: HardDrive,
    level: 'ok',
    summary: 'Lecture et écriture disponibles.',
    details: [
      { label: 'Espace utilisé', value: '1,2 Go' },
      { label: 'Espaces de stockage', value: '2' },
    ],
  },
  {
    title: 'Images',
    icon: Image,
    level: 'ok',
    summary: 'Toutes les images publiques répondent.',
    details: [
      { label: 'Images vérifiées', value: '128' },
      { label: 'Images manquantes', value: '0' },
    ],
  },
];

export const systemHealth: readonly StatusItem[] = [
  {
    title: 'Serveur d’application',
    icon: Server,
    level: 'ok',
    summary: 'Le site et son API répondent.',
    details: [
      { label: 'Disponibilité (30 jours)', value: '99,9 %' },
      { label: 'Réponse moyenne', value: '85 ms' },
    ],
  },
  ...diagnosticOverview.slice(0, 3),
  {
    title: 'Activité',
    icon: Activity,
    level: 'info',
    summary: 'Charge habituelle pour la période.',
    details: [
      { label: 'Requêtes (24 h)', value: '18 400' },
      { label: 'Erreurs serveur (24 h)', value: '0' },
    ],
  },
];

export const advancedChecks: readonly CheckRow[] = [
  { check: 'Connexion à la base de données', level: 'ok', detail: 'Réponse en 12 ms' },
  { check: 'Intégrité des migrations', level: 'ok', detail: 'Toutes les migrations sont appliquées' },
  { check: 'Envoi d’un email de test', level: 'ok', detail: 'Remis en 1,4 s' },
  { check: 'Écriture dans le stockage', level: 'ok', detail: 'Fichier de test écrit puis supprimé' },
  { check: 'Lecture des images publiques', level: 'ok', detail: '128 images sur 128 accessibles' },
  { check: 'Temps de réponse de l’API', level: 'warning', detail: '1 appel sur 1 000 au-delà de 2 s' },
  { check: 'Tâches planifiées', level: 'info', detail: 'Dernière exécution il y a 5 minutes' },
];

export const memberImages: readonly StatusItem[] = [
  {
    title: 'Photos de profil',
    icon: Users,
    level: 'ok',
    summary: 'Photos des membres accessibles.',
    details: [
      { label: 'Profils avec photo', value: '64' },
      { label: 'Profils sans photo', value: '12' },
    ],
  },
  {
    title: 'Logos d’entreprise',
    icon: Image,
    level: 'ok',
    summary: 'Logos affichés sur les fiches membres.',
    details: [
      { label: 'Logos enregistrés', value: '41' },
      { label: 'Logos illisibles', value: '0' },
    ],
  },
  {
    title: 'Images des services et projets',
    icon: HardDrive,
    level: 'ok',
    summary: 'Images publiées par les membres.',
    details: [
      { label: 'Images de services', value: '37' },
      { label: 'Images de projets', value: '52' },
    ],
  },
  {
    title: 'Liens cassés',
    icon: ImageOff,
    level: 'warning',
    summary: 'Quelques images à remplacer par leurs auteurs.',
    details: [
      { label: 'Images introuvables', value: '2' },
      { label: 'Dernière vérification', value: 'Il y a 1 heure' },
    ],
  },
];
