import { formatCount, formatDate, formatNumber } from '@synergie/shared/format';
import { memberPageMessages } from '@synergie/shared/member-page-constants';
import {
  Briefcase,
  ExternalLink as ExternalLinkIcon,
  FolderOpen,
  Globe,
  HandHeart,
  Lock,
  Mail,
  MessageSquareQuote,
  Phone,
  Star,
  UserRoundX,
} from 'lucide-react';
import type * as React from 'react';
import { Link } from 'react-router';
import { EmptyState } from '~/components/empty-state';
import { ExternalLink } from '~/components/external-link';
import { LoadError, Loading, NotFound } from '~/components/query-state';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { useSession } from '~/features/auth';
import { WriteTestimonialButton } from '~/features/social';
import { isNotFoundError } from '~/lib/api-client';
import { parseApiDateTime } from '~/lib/api-dates';
import { type MemberPage, useMemberPage } from '../api/get-member-page';
import { tradeLine } from '../lib/trade-line';
import { BusinessCard } from './business-card';
import { MemberHead } from './member-head';

const LINK_LABELS: Record<keyof MemberPage['links'], string> = {
  websiteUrl: 'Site web',
  linkedinUrl: 'LinkedIn',
  twitterUrl: 'X (Twitter)',
  githubUrl: 'GitHub',
  facebookUrl: 'Facebook',
};

/** /membres/:userId: a member's public page with their business card. */
export function MemberPageView({ userId }: { userId: string }) {
  const query = useMemberPage(userId);
  const session = useSession();
  const viewerId = session.data?.user.id ?? null;

  if (query.isPending) {
    return (
      <>
        <MemberHead page={undefined} />
        <Loading label="Chargement du membre…" className="mx-auto max-w-5xl px-4 py-16">
          <div className="flex animate-pulse flex-col gap-6" aria-hidden="true">
            <div className="h-10 w-1/2 rounded bg-slate-200" />
            <div className="h-48 rounded-xl bg-slate-200" />
            <div className="h-32 rounded-xl bg-slate-200" />
          </div>
        </Loading>
      </>
    );
  }

  if (query.isError) {
    const notFound = isNotFoundError(query.error);
    return (
      <>
        <MemberHead page={undefined} />
        <div className="mx-auto max-w-3xl px-4 py-16">
          <h1 className="mb-6 text-3xl font-bold">{notFound ? memberPageMessages.notFound : 'Erreur'}</h1>
          {notFound ? (
            <NotFound>
              <EmptyState
                icon={UserRoundX}
                action={
                  <Button asChild variant="outline">
                    <Link to="/">Accueil</Link>
                  </Button>
                }
              >
                Ce membre n’existe pas ou a quitté le réseau.
              </EmptyState>
            </NotFound>
          ) : (
            <LoadError message={memberPageMessages.loadFailed} onRetry={() => query.refetch()} />
          )}
        </div>
      </>
    );
  }

  const page = query.data;
  const links = (Object.keys(LINK_LABELS) as (keyof MemberPage['links'])[]).filter((key) => page.links[key]);
  return (
    <>
      <MemberHead page={page} />
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
          <p className="mb-2 text-sm font-semibold uppercase tracking-wide text-brand-100">Membre du réseau</p>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{page.fullName}</h1>
          <p className="mt-3 text-lg text-brand-50">
            {[tradeLine(page), page.companyName, page.industry].filter(Boolean).join(' · ')}
          </p>
          {page.group ? (
            <p className="mt-2 text-brand-50">
              Membre du groupe{' '}
              <Link
                to={`/groupes/${page.group.slug}`}
                className="font-semibold text-white underline underline-offset-4 hover:no-underline"
              >
                {page.group.name}
              </Link>
            </p>
          ) : null}
          {page.ratingsCount > 0 && page.averageRating !== null ? (
            <p className="mt-3 flex items-center gap-2 text-brand-50">
              <Star aria-hidden="true" className="size-5 fill-orange-400 text-orange-400" />
              <span>
                {formatNumber(page.averageRating, { fractionDigits: 1 })} / 5 (
                {formatCount(page.ratingsCount, { one: 'évaluation', other: 'évaluations' })})
              </span>
            </p>
          ) : null}
          {viewerId && viewerId !== page.userId ? (
            // `Recommander` (network-core §3): the form with this member already chosen.
            <Button asChild variant="accent" className="mt-5">
              <Link to={`/recommandations/nouvelle?pour=${encodeURIComponent(page.userId)}`}>
                <HandHeart aria-hidden="true" />
                Recommander<span className="sr-only"> {page.fullName}</span>
              </Link>
            </Button>
          ) : null}
        </div>
      </section>

      <div className="mx-auto flex max-w-5xl flex-col gap-10 px-4 py-10 sm:px-6">
        <BusinessCard page={page} />

        <div className="grid gap-8 lg:grid-cols-3">
          <div className="flex flex-col gap-6 lg:col-span-2">
            {page.bio ? (
              <section aria-labelledby="member-bio">
                <h2 id="member-bio" className="mb-2 text-2xl font-semibold">
                  Présentation
                </h2>
                <p className="whitespace-pre-line text-slate-700">{page.bio}</p>
              </section>
            ) : null}
            {page.skills.length > 0 ? (
              <section aria-labelledby="member-skills">
                <h2 id="member-skills" className="mb-2 text-xl font-semibold">
                  Compétences
                </h2>
                <ul className="flex flex-wrap gap-2">
                  {page.skills.map((skill) => (
                    <li key={skill}>
                      <Badge variant="secondary">{skill}</Badge>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {page.lookingFor.length > 0 ? (
              <section aria-labelledby="member-looking-for">
                <h2 id="member-looking-for" className="mb-2 text-xl font-semibold">
                  Recherche
                </h2>
                <ul className="flex flex-wrap gap-2">
                  {page.lookingFor.map((item) => (
                    <li key={item}>
                      <Badge variant="accent">{item}</Badge>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </div>

          <Card className="self-start">
            <CardContent className="flex flex-col gap-4 pt-6">
              <h2 className="text-xl font-semibold">Coordonnées</h2>
              {page.contactVisible ? (
                <ul className="flex flex-col gap-2 text-slate-800">
                  {page.phone ? (
                    <li className="flex items-center gap-2">
                      <Phone aria-hidden="true" className="size-4 text-brand-700" />
                      <a href={`tel:${page.phone.replace(/[^+\d]/g, '')}`} className="hover:underline">
                        {page.phone}
                      </a>
                    </li>
                  ) : null}
                  {page.email ? (
                    <li className="flex items-center gap-2">
                      <Mail aria-hidden="true" className="size-4 text-brand-700" />
                      <a href={`mailto:${page.email}`} className="break-all hover:underline">
                        {page.email}
                      </a>
                    </li>
                  ) : null}
                  {!page.phone && !page.email ? (
                    <li className="text-slate-600">Aucune coordonnée renseignée.</li>
                  ) : null}
                </ul>
              ) : (
                <div className="flex flex-col items-start gap-3 text-sm text-slate-700">
                  <p className="flex items-start gap-2">
                    <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                    {memberPageMessages.contactHidden}
                  </p>
                  <Button asChild size="sm" variant="outline">
                    <Link to="/pricing">Voir les Tarifs</Link>
                  </Button>
                </div>
              )}
              {links.length > 0 ? (
                <ul className="flex flex-col gap-2 border-t border-slate-100 pt-4">
                  {links.map((key) => (
                    <li key={key}>
                      <ExternalLink
                        href={page.links[key]}
                        nofollow
                        className="inline-flex items-center gap-2 text-brand-700 hover:underline"
                      >
                        <Globe aria-hidden="true" className="size-4" />
                        {LINK_LABELS[key]}
                      </ExternalLink>
                    </li>
                  ))}
                </ul>
              ) : null}
            </CardContent>
          </Card>
        </div>

        <section aria-labelledby="member-testimonials">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h2 id="member-testimonials" className="text-2xl font-semibold">
              Témoignages
            </h2>
            <WriteTestimonialButton subjectId={page.userId} subjectName={page.fullName} />
          </div>
          {page.testimonials.length === 0 ? (
            <p className="text-slate-600">Aucun témoignage publié pour le moment.</p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2">
              {page.testimonials.map((t) => (
                <li key={t.id}>
                  <Card className="h-full">
                    <CardContent className="flex h-full flex-col gap-3 pt-6">
                      <MessageSquareQuote aria-hidden="true" className="size-6 text-brand-700" />
                      <blockquote className="whitespace-pre-line text-slate-800">{t.body}</blockquote>
                      <p className="mt-auto text-sm text-slate-600">
                        <span className="font-semibold text-slate-900">{t.authorName}</span>
                        {t.authorTrade ? ` · ${t.authorTrade}` : null} ·{' '}
                        <time dateTime={t.approvedAt}>{formatDate(parseApiDateTime(t.approvedAt))}</time>
                      </p>
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </section>

        <ListSection
          id="member-services"
          title="Services"
          empty="Aucun service publié pour le moment."
          items={page.services}
        >
          {(service) => (
            <Card className="h-full">
              <CardContent className="flex h-full flex-col gap-2 pt-6">
                <h3 className="flex items-center gap-2 text-lg font-semibold">
                  <Briefcase aria-hidden="true" className="size-5 text-brand-700" />
                  {service.title}
                </h3>
                <p className="text-slate-700">{service.description}</p>
                {service.features.length > 0 ? (
                  <ul className="list-inside list-disc text-sm text-slate-600">
                    {service.features.map((feature) => (
                      <li key={feature}>{feature}</li>
                    ))}
                  </ul>
                ) : null}
                {service.websiteUrl ? (
                  <ExternalLink
                    href={service.websiteUrl}
                    nofollow
                    context={`: ${service.title}`}
                    className="mt-auto inline-flex items-center gap-1 text-sm text-brand-700 hover:underline"
                  >
                    Visiter le site
                    <ExternalLinkIcon aria-hidden="true" className="size-4" />
                  </ExternalLink>
                ) : null}
              </CardContent>
            </Card>
          )}
        </ListSection>

        <ListSection
          id="member-projects"
          title="Projets"
          empty="Aucun projet publié pour le moment."
          items={page.projects}
        >
          {(project) => (
            <Card className="h-full overflow-hidden">
              {project.imageUrl ? (
                <img src={project.imageUrl} alt="" className="aspect-video w-full object-cover" loading="lazy" />
              ) : null}
              <CardContent className="flex flex-col gap-2 pt-6">
                <h3 className="flex items-center gap-2 text-lg font-semibold">
                  <FolderOpen aria-hidden="true" className="size-5 text-brand-700" />
                  {project.title}
                </h3>
                {project.category ? <Badge variant="outline">{project.category}</Badge> : null}
                {project.description ? <p className="line-clamp-4 text-slate-700">{project.description}</p> : null}
                {project.tags.length > 0 ? (
                  <ul className="flex flex-wrap gap-1">
                    {project.tags.map((tag) => (
                      <li key={tag}>
                        <Badge variant="secondary">{tag}</Badge>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {project.projectUrl ? (
                  <ExternalLink
                    href={project.projectUrl}
                    nofollow
                    context={`: ${project.title}`}
                    className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline"
                  >
                    Voir le projet
                    <ExternalLinkIcon aria-hidden="true" className="size-4" />
                  </ExternalLink>
                ) : null}
              </CardContent>
            </Card>
          )}
        </ListSection>
      </div>
    </>
  );
}

/** A titled section of the member page: its items in a two-column grid, or a sentence when there are none. */
function ListSection<T extends { id: string }>({
  id,
  title,
  empty,
  items,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  items: T[];
  children: (item: T) => React.ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-2xl font-semibold">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="text-slate-600">{empty}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {items.map((item) => (
            <li key={item.id}>{children(item)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
