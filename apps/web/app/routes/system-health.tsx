import { CircleCheck } from 'lucide-react';
import { PageHero } from '~/components/layout/page-hero';
import { StaticNotice, StatusGrid, systemHealth } from '~/features/diagnostics';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'État du système',
    description:
      'Aperçu statique de l’état du système : serveur, base de données, file d’envoi des emails et stockage.',
    path: '/system-health',
    noindex: true,
  });

export default function SystemHealthPage() {
  return (
    <>
      <PageHero title="État du système" eyebrow="Aperçu statique">
        <p>Disponibilité et santé des composants de la plateforme.</p>
      </PageHero>
      <section aria-labelledby="health-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <StaticNotice />
        <div className="mb-8 flex items-center gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-green-900">
          <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-green-700" />
          <p className="font-semibold">Tous les systèmes sont opérationnels.</p>
        </div>
        <h2 id="health-title" className="mb-6 text-2xl font-bold tracking-tight text-slate-900">
          Composants
        </h2>
        <StatusGrid items={systemHealth} labelledBy="health-title" />
      </section>
    </>
  );
}
