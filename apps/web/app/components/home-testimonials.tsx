import { testimonialEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { FeaturedTestimonial, FeaturedTestimonials } from '@synergie/shared/recommendations';
import { SERVED_TESTIMONIALS_ID, SERVED_TESTIMONIALS_SLOT } from '@synergie/shared/served-events';
import { useQuery } from '@tanstack/react-query';
import { MemberAvatar } from '~/components/member-avatar';
import { callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

let served: FeaturedTestimonials | null | undefined;

/**
 * The testimonials the server wrote into this document (apps/server/src/lib/home-testimonials-page.ts),
 * read once; null when the document came without them (prerendering, `/` reached inside the app).
 */
function servedTestimonials(): FeaturedTestimonials | null {
  if (served === undefined) {
    const element = typeof document === 'undefined' ? null : document.getElementById(SERVED_TESTIMONIALS_ID);
    try {
      served = element?.textContent ? (JSON.parse(element.textContent) as FeaturedTestimonials) : null;
    } catch {
      served = null;
    }
  }
  return served;
}

/**
 * `Ce que disent les membres` (issue 31): approved testimonials with their authors' photos, as
 * the server renders them into `/` (apps/web/app/ssr/home-testimonials.tsx) and the page hydrates
 * them. Nothing when there is none. Links are plain `<a>`: the server renders this outside the
 * app's router.
 */
export function HomeTestimonialsList({ items }: { items: FeaturedTestimonial[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="testimonials-title" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="testimonials-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
          Ce que disent les membres
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
          Des témoignages publiés par les membres sur leur page, écrits par ceux avec qui ils ont travaillé.
        </p>
        <ul className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-3">
          {items.map((t) => (
            <li key={t.id} className="min-w-0">
              <figure className="flex h-full flex-col gap-5 rounded-xl border border-slate-200 bg-white p-6 [overflow-wrap:anywhere]">
                <blockquote className="flex-1 text-slate-800">
                  <p>
                    {'«\u00a0'}
                    {t.body}
                    {'\u00a0»'}
                  </p>
                </blockquote>
                <figcaption className="flex items-center gap-4">
                  <MemberAvatar name={t.author.name} avatarUrl={t.author.avatarUrl} size="xl" />
                  <div className="min-w-0 text-sm">
                    <p className="font-semibold text-slate-900">{t.author.name}</p>
                    {t.author.trade ? <p className="text-slate-600">{t.author.trade}</p> : null}
                    <p className="mt-1 text-slate-600">
                      {'à propos de '}
                      <a
                        href={`/membres/${encodeURIComponent(t.member.userId)}`}
                        className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
                      >
                        {t.member.name}
                      </a>
                      {t.member.trade ? `, ${t.member.trade}` : null}
                    </p>
                  </div>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/**
 * The home page's testimonials: those the server wrote into the document, else (the page
 * reached inside the app) fetched. Before either, the region the server fills in
 * (SERVED_TESTIMONIALS_SLOT), empty and hidden.
 */
export function HomeTestimonials() {
  const fromDocument = servedTestimonials();
  const fetched = useQuery({
    queryKey: queryKeys.featuredTestimonials,
    queryFn: ({ signal }) => callApi(endpoints.featured, {}, { signal }),
    enabled: fromDocument === null,
    staleTime: 60_000,
  });
  const items = fromDocument?.testimonials ?? fetched.data?.testimonials;
  if (!items) return <div hidden {...{ [SERVED_TESTIMONIALS_SLOT]: '' }} />;
  return <HomeTestimonialsList items={items} />;
}
