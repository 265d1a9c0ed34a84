import { PageHero } from '~/components/layout/page-hero';
import { memberImages, StaticNotice, StatusGrid } from '~/features/diagnostics';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Diagnostic des images membres',
    description: 'Aperçu statique des images publiées par les membres : photos de profil, logos, services et projets.',
    path: '/member-images-diagnostic',
    noindex: true,
  });

export default function MemberImagesDiagnosticPage() {
  return (
    <>
      <PageHero title="Diagnostic des images membres" eyebrow="Aperçu statique">
        <p>Photos de profil, logos d’entreprise et images des services et projets publiés par les membres.</p>
      </PageHero>
      <section aria-labelledby="images-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <StaticNotice />
        <h2 id="images-title" className="mb-6 text-2xl font-bold tracking-tight text-slate-900">
          Images des membres
        </h2>
        <StatusGrid items={memberImages} labelledBy="images-title" />
      </section>
    </>
  );
}
