import { formatPrice } from '@synergie/shared/format';
import { TODAY_PAGE_PATH } from '@synergie/shared/site';
import {
  ArrowRight,
  BookUser,
  CalendarHeart,
  Coins,
  Globe,
  Handshake,
  MessagesSquare,
  Puzzle,
  QrCode,
  Repeat,
  ShieldCheck,
  Sparkles,
  Star,
  TrendingUp,
} from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { HomeTestimonials } from '~/components/home-testimonials';
import { PageHero } from '~/components/layout/page-hero';
import { NetworkFigures } from '~/components/network-figures';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { useSession } from '~/features/auth';
import { organizationJsonLd, seo } from '~/lib/seo';
import { SITE_NAME, SITE_URL } from '~/lib/site';

const description =
  'Réseau d’affaires multi-métiers : un seul représentant par métier dans chaque groupe de 10 à 50 membres, un accès national, des événements et un parrainage rémunéré (10 % puis 5 %).';

export const meta = () =>
  seo({
    title: 'Accueil',
    description,
    path: '/',
    jsonLd: [
      organizationJsonLd(),
      { '@type': 'WebSite', name: SITE_NAME, url: `${SITE_URL}/`, description, inLanguage: 'fr-FR' },
    ],
  });

const benefits = [
  {
    icon: ShieldCheck,
    title: 'Un seul représentant par métier',
    text: 'Dans chaque groupe géographique de 10 à 50 membres, votre métier n’est représenté qu’une fois : les recommandations du groupe vous reviennent.',
  },
  {
    icon: Globe,
    title: 'Un accès national',
    text: 'Votre groupe local vous ancre sur votre territoire, et tout le réseau vous ouvre ses portes partout en France.',
  },
  {
    icon: Coins,
    title: 'Un parrainage rémunéré',
    text: 'Touchez 10 % de commission sur chaque nouveau membre que vous parrainez, puis 5 % sur ses renouvellements automatiques.',
  },
];

const features = [
  {
    icon: BookUser,
    title: 'Annuaire des membres',
    text: 'Trouvez le bon professionnel par métier, secteur ou compétence.',
  },
  {
    icon: MessagesSquare,
    title: 'Forum et plateforme d’entraide',
    text: 'Posez vos questions, partagez vos bonnes pratiques, aidez et faites-vous aider.',
  },
  {
    icon: CalendarHeart,
    title: 'Afterworks et événements thématiques',
    text: 'Rencontrez les membres en personne lors de soirées conviviales et d’ateliers ciblés.',
  },
  {
    icon: Sparkles,
    title: 'Mise en relation par synergie',
    text: 'Indiquez votre métier, votre secteur, vos compétences et les profils que vous recherchez : chaque demande de contact acceptée devient un projet collaboratif suivi dans votre espace personnel.',
  },
  {
    icon: Star,
    title: 'Notes et réputation',
    text: 'Les évaluations des membres valorisent le sérieux et la qualité de votre travail.',
  },
  {
    icon: QrCode,
    title: 'Liens de parrainage et cartes de visite digitales',
    text: 'Partagez votre lien de parrainage personnalisé et votre carte de visite digitale en un geste.',
  },
];

const ecosystem = [
  {
    icon: Puzzle,
    title: 'La complémentarité des métiers',
    text: 'Un agent immobilier, un notaire, un artisan de la rénovation et un courtier servent les mêmes clients à des moments différents. Réunis dans un même groupe, ils se transmettent naturellement leurs contacts.',
  },
  {
    icon: Handshake,
    title: 'Éviter la concurrence directe',
    text: 'Parce qu’un métier n’a qu’un représentant par groupe, personne ne se dispute les mêmes clients. La confiance s’installe et chacun recommande les autres sans arrière-pensée.',
  },
  {
    icon: TrendingUp,
    title: 'Maximiser les recommandations',
    text: 'Chaque membre devient l’apporteur d’affaires des autres : avec 10 à 50 professionnels attentifs à vos besoins, les opportunités se multiplient.',
  },
  {
    icon: Repeat,
    title: 'Un cercle économique vertueux',
    text: 'Les affaires restent dans le réseau et profitent à tous : plus les membres se recommandent, plus chacun développe son activité, et plus le réseau attire de nouveaux talents.',
  },
];

const referralExamples = [
  { amount: formatPrice(10_000), label: 'de commission sur l’abonnement annuel d’un filleul' },
  { amount: formatPrice(990), label: 'par mois sur l’abonnement mensuel d’un filleul' },
  { amount: formatPrice(5_000), label: 'par an sur les renouvellements automatiques' },
];

/** A member signed in is at home on `Aujourd'hui` (issue 28): `/` sends them there. */
function SendMembersToToday() {
  const session = useSession();
  const navigate = useNavigate();
  const signedIn = Boolean(session.data?.user);
  useEffect(() => {
    if (signedIn) navigate(TODAY_PAGE_PATH, { replace: true });
  }, [signedIn, navigate]);
  return null;
}

export default function HomePage() {
  return (
    <>
      <SendMembersToToday />
      <PageHero
        eyebrow={`${SITE_NAME} - Réseau d’Affaires Multi-Métiers`}
        title="Développez votre activité grâce à la force d’un réseau multi-métiers"
      >
        <p>
          Entrepreneurs, commerçants et professions libérales : rejoignez un réseau où chaque métier n’a qu’un
          représentant par groupe, où les membres se recommandent entre eux et où chaque parrainage vous rapporte.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg" variant="onDark">
            <Link to="/pricing">
              Découvrir les tarifs
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="border-white bg-transparent text-white hover:bg-white/10"
          >
            <Link to="/a-propos">En savoir plus sur le réseau</Link>
          </Button>
        </div>
      </PageHero>

      <section aria-labelledby="benefits-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="benefits-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
          Pourquoi rejoindre {SITE_NAME}  ?
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {benefits.map((benefit) => (
            <Card key={benefit.title} className="h-full">
              <CardHeader>
                <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-800">
                  <benefit.icon aria-hidden="true" className="size-6" />
                </span>
                <CardTitle>{benefit.title}</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-slate-600">{benefit.text}</p>
              </CardContent>
            </Card>
          ))}
        </div>
      </section>

      <section aria-labelledby="features-title" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
            Tout ce qu’il faut pour travailler ensemble
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {features.map((feature) => (
              <li key={feature.title} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-6">
                <feature.icon aria-hidden="true" className="size-6 shrink-0 text-brand-700" />
                <div>
                  <h3 className="font-semibold text-slate-900">{feature.title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{feature.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="ecosystem-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id="ecosystem-title" className="text-3xl font-bold tracking-tight text-slate-900">
            Un écosystème pensé pour la recommandation
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Nos groupes réunissent des métiers qui se complètent au lieu de se concurrencer.
          </p>
        </div>
        <div className="mt-10 grid gap-8 md:grid-cols-2">
          {ecosystem.map((item) => (
            <article key={item.title} className="flex gap-4">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-white">
                <item.icon aria-hidden="true" className="size-6" />
              </span>
              <div>
                <h3 className="text-xl font-semibold text-slate-900">{item.title}</h3>
                <p className="mt-2 text-slate-600">{item.text}</p>
              </div>
            </article>
          ))}
        </div>
      </section>

      <section aria-labelledby="referral-title" className="bg-brand-50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-3xl text-center">
            <h2 id="referral-title" className="text-3xl font-bold tracking-tight text-slate-900">
              Votre réseau vous rapporte
            </h2>
            <p className="mt-4 text-lg text-slate-700">
              Chaque membre dispose d’un lien de parrainage personnalisé. Vous touchez 10 % sur l’adhésion de chaque
              nouveau membre parrainé, puis 5 % sur chacun de ses renouvellements automatiques.
            </p>
          </div>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {referralExamples.map((example) => (
              <li
                key={example.amount}
                className="rounded-xl border border-brand-200 bg-white p-6 text-center shadow-sm"
              >
                <p className="text-4xl font-bold text-brand-800">{example.amount}</p>
                <p className="mt-2 text-slate-700">{example.label}</p>
              </li>
            ))}
          </ul>
          <p className="mx-auto mt-6 max-w-3xl text-center text-sm text-slate-700">
            Exemples indicatifs. Les commissions sont calculées sur le montant hors taxes des paiements encaissés, comme
            le précisent nos{' '}
            <Link to="/cgu" className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900">
              conditions générales d’utilisation
            </Link>
            .
          </p>
        </div>
      </section>

      <NetworkFigures headingId="figures-title" />

      <HomeTestimonials />

      <section aria-labelledby="cta-title" className="bg-brand-800 text-white">
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-6 px-4 py-16 text-center sm:px-6 lg:px-8">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight">
            Prêt à faire grandir votre activité ?
          </h2>
          <p className="max-w-2xl text-lg text-brand-50">
            Essayez {SITE_NAME} gratuitement pendant 14 jours, puis choisissez la formule mensuelle ou annuelle. Une
            question ? Notre équipe vous répond.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" variant="onDark">
              <Link to="/pricing">Voir les tarifs</Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white bg-transparent text-white hover:bg-white/10"
            >
              <Link to="/contact">Nous contacter</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
