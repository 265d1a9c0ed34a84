import {
  type NetworkFigures as Figures,
  NETWORK_FIGURES_ID,
  type NetworkFigureSlot,
  networkFigureDefinitions,
  networkFigureLabels,
  networkFigureTexts,
} from '@synergie/shared/network-figures';

let served: Figures | null | undefined;

/**
 * The figures the server wrote into this document (apps/server/src/lib/network-figures-page.ts),
 * read once; null when the document came without them (prerendering, a page reached inside the
 * app from another one, the database unreachable).
 */
function servedFigures(): Figures | null {
  if (served === undefined) {
    const element = typeof document === 'undefined' ? null : document.getElementById(NETWORK_FIGURES_ID);
    try {
      served = element?.textContent ? (JSON.parse(element.textContent) as Figures) : null;
    } catch {
      served = null;
    }
  }
  return served;
}

const placeholder = '…';

/**
 * `Le réseau en chiffres` on `/` and `/groupes` (issue 29): members, groups and business confirmed
 * this year, counted by the server. Prerendered hidden with placeholders; the server shows it with
 * its figures in each slot (`data-chiffre`), and the page hydrates with the same figures from the
 * document, so React finds the text it renders. No request, no script of its own.
 */
export function NetworkFigures({ headingId }: { headingId: string }) {
  const figures = servedFigures();
  const texts = figures ? networkFigureTexts(figures) : null;
  const slot = (name: NetworkFigureSlot) => texts?.[name] ?? placeholder;
  const tile = 'flex flex-col items-center gap-1 rounded-xl border border-slate-200 bg-white p-6 text-center';
  return (
    <section
      data-chiffres-reseau=""
      hidden={!figures}
      aria-labelledby={headingId}
      className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8"
    >
      <h2 id={headingId} className="text-center text-3xl font-bold tracking-tight text-slate-900">
        {networkFigureLabels.title}
      </h2>
      <ul className="mt-8 grid gap-6 sm:grid-cols-3">
        <li className={tile}>
          <p className="text-3xl font-bold text-slate-900" data-chiffre="members">
            {slot('members')}
          </p>
          <p className="text-sm text-slate-600">{networkFigureDefinitions.members}</p>
        </li>
        <li className={tile}>
          <p className="text-3xl font-bold text-slate-900" data-chiffre="groups">
            {slot('groups')}
          </p>
          <p className="text-sm text-slate-600">{networkFigureDefinitions.groups}</p>
        </li>
        <li className={tile}>
          <p className="text-3xl font-bold text-slate-900" data-chiffre="business">
            {slot('business')}
          </p>
          <p className="font-medium text-slate-800" data-chiffre="businessLabel">
            {slot('businessLabel')}
          </p>
          <p className="text-sm text-slate-600" data-chiffre="businessDefinition">
            {slot('businessDefinition')}
          </p>
        </li>
      </ul>
      <p className="mt-4 text-center text-sm text-slate-600">{networkFigureDefinitions.refresh}</p>
    </section>
  );
}
