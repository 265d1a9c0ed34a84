import { formatMoney, formatMonth } from '@synergie/shared/format';
import { returnMessages as M } from '@synergie/shared/return-constants';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import { ValueGrid } from '~/components/charts/value-grid';
import type { MyReturn } from '../api/get-my-return';

const WIDTH = 720;
const HEIGHT = 300;
// In the viewBox's units: the chart is drawn 720 wide and scaled to the screen (a phone: about
// half), so its words are written large enough to stay readable there.
const MARGIN = { top: 16, right: 16, bottom: 44, left: 104 };

/**
 * The received business month by month (bars), cumulated (solid line), against the cumulated fee
 * HT (dashed line: the break-even line). Drawn with visx (docs/decisions/0019-charts.md); the SVG
 * is an image with its summary, and the same figures are a table for screen readers.
 */
export function ReturnChart({ data }: { data: MyReturn }) {
  let received = 0;
  let paid = 0;
  const points = data.months.map((m) => {
    received += m.receivedCents;
    paid += m.paidExclVatCents;
    return { month: m.month, monthly: m.receivedCents, received, paid };
  });
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const max = Math.max(1, ...points.map((p) => Math.max(p.received, p.paid)));
  const x = scaleBand({ domain: points.map((p) => p.month), range: [0, innerWidth], padding: 0.3 });
  const y = scaleLinear({ domain: [0, max], range: [innerHeight, 0], nice: true });
  const centre = (month: string) => (x(month) ?? 0) + x.bandwidth() / 2;
  const ticks = y.ticks(4);
  const summary = M.chartSummary(formatMoney(data.totals.receivedCents), formatMoney(data.totals.paidExclVatCents));
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
          <ValueGrid ticks={ticks} y={y} width={innerWidth} label={(tick) => formatMoney(tick).replace(/,00/, '')} />
          {points.map((p) => (
            <Bar
              key={p.month}
              x={x(p.month)}
              y={y(p.monthly)}
              width={x.bandwidth()}
              height={innerHeight - y(p.monthly)}
              fill="#bfdbfe"
            />
          ))}
          <LinePath
            data={points}
            x={(p) => centre(p.month)}
            y={(p) => y(p.received)}
            stroke="#1d4ed8"
            strokeWidth={3}
          />
          <LinePath
            data={points}
            x={(p) => centre(p.month)}
            y={(p) => y(p.paid)}
            stroke="#c2410c"
            strokeWidth={2}
            strokeDasharray="6 4"
          />
          {points.map((p, i) =>
            i % 2 === data.months.length % 2 ? null : (
              <text
                key={p.month}
                x={centre(p.month)}
                y={innerHeight + 30}
                textAnchor="middle"
                fontSize={18}
                fill="#475569"
              >
                {formatMonth(p.month, 'short')}
              </text>
            ),
          )}
        </Group>
      </svg>
      <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700" aria-hidden="true">
        <li className="flex items-center gap-2">
          <span className="inline-block h-3 w-4 bg-brand-200" /> {M.received} du mois (HT)
        </li>
        <li className="flex items-center gap-2">
          <span className="inline-block h-0.5 w-6 bg-brand-700" /> {M.cumulatedReceived}
        </li>
        <li className="flex items-center gap-2">
          <span className="inline-block w-6 border-t-2 border-dashed border-orange-700" /> {M.cumulatedPaid}
        </li>
      </ul>
      {/* A table grows past a 1 px box: the wrapper is what screen readers alone reach. */}
      <div className="sr-only">
        <table>
          <caption>{M.chartTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{M.month}</th>
              <th scope="col">{M.received} (HT)</th>
              <th scope="col">{M.cumulatedReceived}</th>
              <th scope="col">{M.cumulatedPaid}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.month}>
                <th scope="row">{formatMonth(p.month)}</th>
                <td>{formatMoney(p.monthly)}</td>
                <td>{formatMoney(p.received)}</td>
                <td>{formatMoney(p.paid)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
