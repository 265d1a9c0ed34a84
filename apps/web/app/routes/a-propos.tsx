import {
  ArrowRight,
  Building2,
  CircleCheckBig,
  HandHeart,
  Handshake,
  Scale,
  Stethoscope,
  UsersRound,
} from 'lucide-react';
import { Link } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { organizationJsonLd, seo } from '~/lib/seo';
import { SITE_NAME, SITE_URL } from '~/lib/site';

export const meta = () =>
  seo({
    title: 'À propos',
    description: `Découvrez la mission de ${SITE_NAME}\u00a0: réunir des professionnels aux métiers complémentaires, un seul par métier et par groupe, pour qu’ils se recommandent entre eux.`,
    path: '/a-propos',
    jsonLd: {
      '@type': 'AboutPage',
      name: `À propos de ${SITE_NAME}`,
      url: `${SITE_URL}/a-propos`,
      inLanguage: 'fr-FR',
      mainEntity: organizationJsonLd(),
    },
  });

const pitch = [
  'Un seul représentant par métier dans chaque groupe géographique',
  'Des groupes de 10 à 50 membres',
  'Un accès national à tout le réseau',
  'Un parrainage rémunéré : 10 % de commission sur les nouveaux membres et 5 % sur les renouvellements automatiques (calculés sur le montant hors taxes, comme le précisent les CGU)',
  'Un annuaire des membres, un forum et une plateforme d’entraide',
  'Des afterworks et des événements thématiques',
  'Une mise en relation par synergie de métiers, suivie en projets collaboratifs',
  'Des notes et une réputation, des liens de parrainage personnalisés et des cartes de visite digitales',
];

const roles = [
  {
    icon: UsersRound,
    title: 'Les membres participants',
    text: 'Ils font vivre leur groupe : présents aux rencontres, ils partagent leurs contacts, recommandent les autres métiers du groupe et reçoivent en retour les recommandations qui concernent le leur.',
  },
  {
    icon: Handshake,
    title: 'Les apporteurs d’affaires',
    text: 'Ils repèrent les besoins de leurs clients et les orientent vers le bon membre. Grâce à leur lien de parrainage, ils sont aussi rémunérés pour chaque nouveau professionnel qu’ils font entrer dans le réseau.',
  },
  {
    icon: HandHeart,
    title: 'Les membres aidés',
    text: 'Création d’entreprise, question juridique, premier gros chantier : ils trouvent dans le réseau des conseils, de l’entraide et des partenaires de confiance pour franchir une étape.',
  },
];

const complementarity = [
  {
    icon: Building2,
    sector: 'Immobilier',
    trades: ['Agent immobilier', 'Notaire', 'Artisan rénovation', 'Courtier'],
    text: 'L’agent immobilier présente un courtier pour le financement, le notaire sécurise la vente et l’artisan rénove le bien : un même client, quatre métiers qui se recommandent.',
  },
  {
    icon: Stethoscope,
    sector: 'Santé',
    trades: ['Dentiste', 'Chirurgien', 'Kinésithérapeute'],
    text: 'Du diagnostic à la rééducation, les praticiens s’orientent mutuellement leurs patients vers des confrères de confiance.',
  },
  {
    icon: Scale,
    sector: 'Patrimoine et conseil',
    trades: ['Conseiller en gestion de patrimoine', 'Avocat', 'Expert-comptable'],
    text: 'Transmission, fiscalité, création de société : ces conseils avancent ensemble pour accompagner dirigeants et familles.',
  },
];

export default function AboutPage() {
  return (
    <>
      <PageHero eyebrow="À propos" title={`${SITE_NAME}, le réseau d’affaires multi-métiers`}>
        <p>
          Nous réunissons entrepreneurs, commerçants et professionnels de tous les métiers pour qu’ils se recommandent
          les uns les autres, sans se faire concurrence.
        </p>
        <div className="mt-8">
          <Button asChild size="lg" variant="onDark">
            <Link to="/pricing">
              Rejoindre le Réseau
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </PageHero>

      <section
        aria-labelledby="mission-title"
        className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:px-8"
      >
        <div>
          <h2 id="mission-title" className="text-3xl font-bold tracking-tight text-slate-900">
            Notre mission
          </h2>
          <div className="mt-4 space-y-4 text-lg text-slate-600">
            <p>
              Le bouche-à-oreille reste le premier moteur des affaires. Notre mission est de l’organiser : créer,
              partout en France, des groupes de professionnels aux métiers complémentaires qui se connaissent, se font
              confiance et se transmettent leurs clients.
            </p>
            <p>
              Dans chaque groupe, un métier n’a qu’un seul représentant. Chacun peut ainsi recommander les autres en
              toute sérénité, et chaque recommandation profite à tout le réseau.
            </p>
          </div>
        </div>
        <Card className="bg-slate-50">
          <CardHeader>
            <CardTitle>Ce que le réseau vous offre</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="space-y-3">
              {pitch.map((item) => (
                <li key={item} className="flex gap-3 text-slate-700">
                  <CircleCheckBig aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </section>

      <section aria-labelledby="roles-title" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 id="roles-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
            Trois façons de faire partie du réseau
          </h2>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {roles.map((role) => (
              <Card key={role.title} className="h-full">
                <CardHeader>
                  <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-800">
                    <role.icon aria-hidden="true" className="size-6" />
                  </span>
                  <CardTitle>{role.title}</CardTitle>
                </CardHeader>
                <CardContent>
                  <p className="text-slate-600">{role.text}</p>
                </CardContent>
              </Card>
            ))}
          </div>
          <div className="mt-10 text-center">
            <Button asChild size="lg">
              <Link to="/pricing">Voir les Tarifs</Link>
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="complementarity-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id="complementarity-title" className="text-3xl font-bold tracking-tight text-slate-900">
            Des métiers qui se complètent
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Nos groupes sont composés pour que chaque membre puisse recommander les autres. Quelques exemples :
          </p>
        </div>
        <div className="mt-10 grid gap-6 lg:grid-cols-3">
          {complementarity.map((group) => (
            <Card key={group.sector} className="h-full">
              <CardHeader>
                <div className="flex items-center gap-3">
                  <group.icon aria-hidden="true" className="size-6 text-brand-700" />
                  <CardTitle>{group.sector}</CardTitle>
                </div>
                <ul aria-label={`Métiers du groupe ${group.sector}`} className="mt-2 flex flex-wrap gap-2">
                  {group.trades.map((trade) => (
                    <li key={trade}>
                      <Badge>{trade}</Badge>
                    </li>
                  ))}
                </ul>
              </CardHeader>
              <CardContent>
                <p className="text-slate-600">{group.text}</p>
              </CardContent>
            </Card>
          ))}
        </div>
      </section>

      <section aria-labelledby="about-cta-title" className="bg-brand-800 text-white">
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-6 px-4 py-16 text-center sm:px-6 lg:px-8">
          <h2 id="about-cta-title" className="text-3xl font-bold tracking-tight">
            Votre métier a sa place dans le réseau
          </h2>
          <p className="max-w-2xl text-lg text-brand-50">
            Abonnement mensuel ou annuel, avec 14 jours d’essai gratuit pour découvrir votre groupe.
          </p>
          <Button asChild size="lg" variant="onDark">
            <Link to="/pricing">Voir nos Tarifs</Link>
          </Button>
        </div>
      </section>
    </>
  );
}
