import { Link } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { InstallAppSection } from '~/features/app-install';
import { RequireAuth, SignOutButton } from '~/features/auth';
import { useMe } from '~/features/profile';
import { seo } from '~/lib/seo';
import { moreSections, publicLinks } from '~/shell/member-places';

export const meta = () =>
  seo({
    title: 'Plus',
    description: 'Tout l’espace membre\u00a0: annuaire, forum, événements, tête-à-tête, témoignages, profil.',
    path: '/plus',
    noindex: true,
  });

/** /plus: every place of the member app beyond the five of the bottom bar, and the public site. */
export default function MorePage() {
  const me = useMe();
  const admin = me.data?.isAdmin === true;
  return (
    <RequireAuth>
      <PageHero title="Plus" />
      <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-8 sm:px-6">
        {moreSections
          .filter((section) => !section.admin || admin)
          .map((section) => (
            <section key={section.title} aria-labelledby={`plus-${section.title}`}>
              <h2 id={`plus-${section.title}`} className="mb-3 text-lg font-semibold text-slate-900">
                {section.title}
              </h2>
              <ul className="grid gap-2 sm:grid-cols-2">
                {section.links.map(({ to, label, icon: Icon }) => (
                  <li key={to}>
                    <Link
                      to={to}
                      className="flex min-h-12 items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 font-medium text-slate-800 hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                    >
                      <Icon aria-hidden="true" className="size-5 text-brand-700" />
                      {label}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        <InstallAppSection />
        <section aria-labelledby="plus-site">
          <h2 id="plus-site" className="mb-3 text-lg font-semibold text-slate-900">
            Le site
          </h2>
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {publicLinks.map(({ to, label }) => (
              <li key={to}>
                <Link to={to} className="text-brand-800 underline underline-offset-4 hover:text-brand-900">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <div>
          <SignOutButton />
        </div>
      </div>
    </RequireAuth>
  );
}
