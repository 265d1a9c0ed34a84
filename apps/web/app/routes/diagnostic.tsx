import { PageHero } from '~/components/layout/page-hero';
import { diagnosticOverview, StaticNotice, StatusGrid } from '~/features/diagnostics';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Diagnostic',
    description:
      'Vue d’ensemble statique des services techniques de la plateforme : base de données, emails, stockage et images.',
    path: '/diagnostic',
    noindex: true,
  });

export default function DiagnosticPage() {
  return (
    <>
      <PageHero title="Diagnostic" eyebrow="Aperçu statique">
        <p>Une vue d’ensemble des services dont dépend la plateforme.</p>
      </PageHero>
      <section aria-labelledby="services-status-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <StaticNotice />
        <h2 id="services-status-title" className="mb-6 text-2xl font-bold tracking-tight text-slate-900">
          État des services
        </h2>
        <StatusGrid items={diagnosticOverview} labelledBy="services-status-title" />
      </section>
    </>
  );
}
