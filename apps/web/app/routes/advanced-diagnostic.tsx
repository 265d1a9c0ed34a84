import { PageHero } from '~/components/layout/page-hero';
import { advancedChecks, diagnosticOverview, StaticNotice, StatusBadge, StatusGrid } from '~/features/diagnostics';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Diagnostic avancé',
    description: 'Aperçu statique des vérifications techniques détaillées de la plateforme.',
    path: '/advanced-diagnostic',
    noindex: true,
  });

export default function AdvancedDiagnosticPage() {
  return (
    <>
      <PageHero title="Diagnostic avancé" eyebrow="Aperçu statique">
        <p>Le détail des vérifications effectuées sur chaque composant de la plateforme.</p>
      </PageHero>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <StaticNotice />
        <section aria-labelledby="summary-title" className="mb-12">
          <h2 id="summary-title" className="mb-6 text-2xl font-bold tracking-tight text-slate-900">
            Synthèse
          </h2>
          <StatusGrid items={diagnosticOverview} labelledBy="summary-title" />
        </section>
        <section aria-labelledby="checks-title">
          <h2 id="checks-title" className="mb-6 text-2xl font-bold tracking-tight text-slate-900">
            Vérifications détaillées
          </h2>
          <div className="overflow-x-auto rounded-xl border border-slate-200">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="sr-only">Résultat de chaque vérification (valeurs d’exemple)</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Vérification
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Résultat
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Détail
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {advancedChecks.map((row) => (
                  <tr key={row.check}>
                    <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                      {row.check}
                    </th>
                    <td className="px-4 py-3">
                      <StatusBadge level={row.level} />
                    </td>
                    <td className="px-4 py-3 text-slate-700">{row.detail}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      </div>
    </>
  );
}
