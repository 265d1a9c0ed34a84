import {
  dashboardDefinitions as D,
  DASHBOARD_SERIES,
  type DashboardSeries,
  dashboardMessages as M,
} from '@synergie/shared/dashboard-constants';
import { formatMonth } from '@synergie/shared/format';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { ValueGrid } from '~/components/charts/value-grid';
import type { Dashboard } from '../api/get-dashboard';

const WIDTH = 720;
const HEIGHT = 300;
// In the viewBox's units: drawn 720 wide and scaled to the screen (a phone: about half), so its
// words are written large enough to stay readable there (as return-chart.tsx).
const MARGIN = { top: 16, right: 16, bottom: 44, left: 48 };

/** One colour per series, each at least 3:1 against the white card (WCAG 1.4.11). */
export const SERIES_COLOURS: Record<DashboardSeries, string> = {
  given: '#7c3aed',
  received: '#1d4ed8',
  won: '#c2410c',
  confirmed: '#15803d',
};

/** The four series summed over the months shown (the chart's summary and the table's last row). */
export function trendTotals(months: Dashboard['months']): Record<DashboardSeries, number> {
  const totals = { given: 0, received: 0, won: 0, confirmed: 0 };
  for (const m of months) for (const s of DASHBOARD_SERIES) totals[s] += m[s];
  return totals;
}

/**
 * The dashboard's trend: for each of the 12 Paris months (computed by the server), four bars,
 * given, received, won and confirmed, as dashboardDefinitions says. Drawn with visx
 * (docs/decisions/0019-charts.md): an image with its summary, a legend, and the same figures as
 * a table for screen readers.
 */
export function DashboardChart({ months }: { months: Dashboard['months'] }) {
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const max = Math.max(1, ...months.flatMap((m) => DASHBOARD_SERIES.map((s) => m[s])));
  const x = scaleBand({ domain: months.map((m) => m.month), range: [0, innerWidth], padding: 0.2 });
  const bar = scaleBand({ domain: [...DASHBOARD_SERIES], range: [0, x.bandwidth()], padding: 0.1 });
  const y = scaleLinear({ domain: [0, max], range: [innerHeight, 0], nice: true });
  // Counts: whole ticks only.
  const ticks = y.ticks(Math.min(4, max)).filter((tick) => Number.isInteger(tick));
  const totals = trendTotals(months);
  const summary = M.chartSummary(totals.given, totals.received, totals.won, totals.confirmed);
  return (
    <figure className="flex flex-col gap-3">
      <figcaption className="font-semibold text-slate-900">{M.chartTitle}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={summary}
        className="h-auto w-full"
        preserveAspectRatio="xMidYMid meet"
      >
        <Group left={MARGIN.left} top={MARGIN.top}>
          <ValueGrid ticks={ticks} y={y} width={innerWidth} label={String} />
          {months.map((m) => (
            <Group key={m.month} left={x(m.month) ?? 0}>
              {DASHBOARD_SERIES.map((s) => (
                <Bar
                  key={s}
                  x={bar(s)}
                  y={y(m[s])}
                  width={bar.bandwidth()}
                  height={innerHeight - y(m[s])}
                  fill={SERIES_COLOURS[s]}
                />
              ))}
            </Group>
          ))}
          {months.map((m, i) =>
            i % 2 === months.length % 2 ? null : (
              <text
                key={m.month}
                x={(x(m.month) ?? 0) + x.bandwidth() / 2}
                y={innerHeight + 30}
                textAnchor="middle"
                fontSize={18}
                fill="#475569"
              >
                {formatMonth(m.month, 'short')}
              </text>
            ),
          )}
        </Group>
      </svg>
      <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700" aria-hidden="true">
        {DASHBOARD_SERIES.map((s) => (
          <li key={s} className="flex items-center gap-2">
            <span className="inline-block size-3 rounded-sm" style={{ backgroundColor: SERIES_COLOURS[s] }} />
            {D[s].label}
          </li>
        ))}
      </ul>
      {/* A table grows past a 1 px box: the wrapper is what screen readers alone reach. */}
      <div className="sr-only">
        <table>
          <caption>{M.chartTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{M.month}</th>
              {DASHBOARD_SERIES.map((s) => (
                <th key={s} scope="col">
                  {D[s].label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{formatMonth(m.month)}</th>
                {DASHBOARD_SERIES.map((s) => (
                  <td key={s}>{m[s]}</td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{M.totalsTitle}</th>
              {DASHBOARD_SERIES.map((s) => (
                <td key={s}>{totals[s]}</td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </figure>
  );
}
