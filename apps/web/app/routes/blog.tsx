import { formatCalendarDate } from '@synergie/shared/format';
import { CalendarDays, Clock, UserRound } from 'lucide-react';
import { PageHero } from '~/components/layout/page-hero';
import { Badge } from '~/components/ui/badge';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '~/components/ui/card';
import { seo } from '~/lib/seo';
import { SITE_NAME, SITE_URL } from '~/lib/site';

interface Article {
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  /** ISO date, shown in French. */
  date: string;
  author: string;
  readingMinutes: number;
}

/** Sample articles (spec: a static list, no calls). */
const articles: Article[] = [
  {
    slug: 'reseau-multi-metiers-recommandations',
    title: 'Comment un réseau multi-métiers multiplie vos recommandations',
    excerpt:
      'Un seul représentant par métier, des professions qui se complètent : découvrez pourquoi ce modèle génère plus d’affaires qu’un réseau généraliste.',
    category: 'Réseautage',
    date: '2026-10-28',
    author: 'Claire Moreau',
    readingMinutes: 5,
  },
  {
    slug: 'afterwork-transformer-rencontre-collaboration',
    title: 'Afterworks : 5 conseils pour transformer une rencontre en collaboration',
    excerpt:
      'Préparer son pitch, écouter avant de vendre, relancer dans les 48 heures : nos conseils pour tirer le meilleur de chaque événement du réseau.',
    category: 'Événements',
    date: '2026-10-14',
    author: 'Julien Lefèvre',
    readingMinutes: 4,
  },
  {
    slug: 'parrainage-fonctionnement-commissions',
    title: 'Parrainage : comment sont calculées vos commissions',
    excerpt:
      '10 % sur la première facture d’un nouveau membre, 5 % sur ses renouvellements, calculés hors taxes : tout comprendre du programme de parrainage.',
    category: 'Parrainage',
    date: '2026-09-30',
    author: 'Sophie Martin',
    readingMinutes: 6,
  },
  {
    slug: 'immobilier-agent-notaire-artisan-courtier',
    title: 'Immobilier : quand agent, notaire, artisan et courtier avancent ensemble',
    excerpt:
      'Retour d’expérience d’un groupe où quatre métiers complémentaires se transmettent leurs clients, de la recherche du bien jusqu’aux travaux.',
    category: 'Synergies',
    date: '2026-09-16',
    author: 'Thomas Girard',
    readingMinutes: 7,
  },
];

export const meta = () =>
  seo({
    title: 'Blog',
    description: `Conseils de réseautage, retours d’expérience et actualités du réseau d’affaires ${SITE_NAME}\u00a0: événements, parrainage et synergies entre métiers.`,
    path: '/blog',
    jsonLd: {
      '@type': 'Blog',
      name: `Le blog ${SITE_NAME}`,
      url: `${SITE_URL}/blog`,
      inLanguage: 'fr-FR',
      publisher: { '@type': 'Organization', name: SITE_NAME, url: SITE_URL },
      blogPost: articles.map((article) => ({
        '@type': 'BlogPosting',
        headline: article.title,
        description: article.excerpt,
        articleSection: article.category,
        datePublished: article.date,
        author: { '@type': 'Person', name: article.author },
        url: `${SITE_URL}/blog#${article.slug}`,
        inLanguage: 'fr-FR',
      })),
    },
  });

function ArticleCard({ article }: { article: Article }) {
  return (
    <Card id={article.slug} className="flex h-full scroll-mt-24 flex-col">
      <article className="flex h-full flex-col" aria-labelledby={`${article.slug}-title`}>
        <CardHeader>
          <Badge className="self-start">{article.category}</Badge>
          <CardTitle id={`${article.slug}-title`} className="mt-2 text-xl">
            {article.title}
          </CardTitle>
        </CardHeader>
        <CardContent className="flex-1">
          <p className="text-slate-600">{article.excerpt}</p>
        </CardContent>
        <CardFooter className="flex-wrap gap-x-5 gap-y-2 border-t border-slate-100 pt-4 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1.5">
            <UserRound aria-hidden="true" className="size-4" />
            <span className="sr-only">Auteur : </span>
            {article.author}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-4" />
            <span className="sr-only">Publié le </span>
            <time dateTime={article.date}>{formatCalendarDate(article.date)}</time>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Clock aria-hidden="true" className="size-4" />
            {article.readingMinutes} min de lecture
          </span>
        </CardFooter>
      </article>
    </Card>
  );
}

export default function BlogPage() {
  return (
    <>
      <PageHero eyebrow="Blog" title="Le blog du réseau">
        <p>Conseils de réseautage, retours d’expérience de nos membres et actualités du réseau.</p>
      </PageHero>
      <section aria-labelledby="articles-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="articles-title" className="text-2xl font-bold tracking-tight text-slate-900">
          Derniers articles
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          {articles.map((article) => (
            <ArticleCard key={article.slug} article={article} />
          ))}
        </div>
      </section>
    </>
  );
}
