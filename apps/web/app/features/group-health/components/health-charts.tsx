import { formatCalendarDate } from '@synergie/shared/format';
import { groupHealthMessages as M } from '@synergie/shared/group-health-constants';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, Line, LinePath } from '@visx/shape';
import { ValueGrid } from '~/components/charts/value-grid';

const WIDTH = 720;
const HEIGHT = 300;
// In the viewBox's units: drawn 720 wide and scaled to the screen (a phone: about half), so the
// words are written large enough to stay readable there (as the return chart, ADR 0019).
const MARGIN = { top: 16, right: 16, bottom: 44, left: 72 };

/** A week's Monday as an axis writes it: '12 oct.'. */
export const weekLabel = (week: string) => formatCalendarDate(week, 'medium').replace(/\s\d{4}$/, '');
/** A week as a table writes it: 'Semaine du 12 octobre 2026'. */
export const weekName = (week: string) => `${M.week} ${formatCalendarDate(week)}`;

export interface WeeklySeries {
  label: string;
  values: readonly (number | null)[];
  /** 'bar': the group's own figure; 'line': a comparison (the national median, another group). */
  kind: 'bar' | 'line';
  colour: string;
  dashed?: boolean;
}

const NO_VALUE = '—';

/**
 * A figure week by week: the group's bars, the comparisons' lines, an optional reference (the 1.2
 * benchmark) as a horizontal line. The SVG is an image named by its summary; the same figures
 * are a table for screen readers (inside an sr-only box, so it never widens the phone's page).
 */
export function WeeklyChart({
  title,
  summary,
  weeks,
  series,
  format,
  reference,
}: {
  title: string;
  summary: string;
  weeks: readonly string[];
  series: readonly WeeklySeries[];
  format: (value: number) => string;
  reference?: { label: string; value: number };
}) {
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const all = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const max = Math.max(reference?.value ?? 0, ...all, 1);
  const x = scaleBand({ domain: [...weeks], range: [0, innerWidth], padding: 0.3 });
  const y = scaleLinear({ domain: [0, max], range: [innerHeight, 0], nice: true });
  const centre = (week: string) => (x(week) ?? 0) + x.bandwidth() / 2;
  const bars = series.filter((s) => s.kind === 'bar');
  const lines = series.filter((s) => s.kind === 'line');
  const barWidth = x.bandwidth() / Math.max(1, bars.length);
  return (
    <figure className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <figcaption className="font-semibold text-slate-900">{title}</figcaption>
      <p className="text-sm text-slate-700">{summary}</p>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} className="h-auto w-full">
        <Group left={MARGIN.left} top={MARGIN.top}>
          <ValueGrid ticks={y.ticks(4)} y={y} width={innerWidth} label={format} />
          {bars.map((s, si) =>
            weeks.map((week, i) => {
              const v = s.values[i];
              if (v === null || v === undefined) return null;
              return (
                <Bar
                  key={`${s.label}-${week}`}
                  x={(x(week) ?? 0) + si * barWidth}
                  y={y(v)}
                  width={barWidth}
                  height={innerHeight - y(v)}
                  fill={s.colour}
                />
              );
            }),
          )}
          {lines.map((s) => (
            <LinePath
              key={s.label}
              data={weeks.map((week, i) => ({ week, v: s.values[i] ?? null }))}
              defined={(p) => p.v !== null}
              x={(p) => centre(p.week)}
              y={(p) => y(p.v ?? 0)}
              stroke={s.colour}
              strokeWidth={3}
              strokeDasharray={s.dashed ? '6 4' : undefined}
            />
          ))}
          {reference ? (
            <Line
              from={{ x: 0, y: y(reference.value) }}
              to={{ x: innerWidth, y: y(reference.value) }}
              stroke="#c2410c"
              strokeWidth={2}
              strokeDasharray="10 6"
            />
          ) : null}
          {weeks.map((week, i) =>
            i % 2 === weeks.length % 2 ? null : (
              <text key={week} x={centre(week)} y={innerHeight + 30} textAnchor="middle" fontSize={18} fill="#475569">
                {weekLabel(week)}
              </text>
            ),
          )}
        </Group>
      </svg>
      <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700" aria-hidden="true">
        {series.map((s) => (
          <li key={s.label} className="flex items-center gap-2">
            {s.kind === 'bar' ? (
              <span className="inline-block h-3 w-4" style={{ background: s.colour }} />
            ) : (
              <span
                className="inline-block w-6 border-t-[3px]"
                style={{ borderColor: s.colour, borderTopStyle: s.dashed ? 'dashed' : 'solid' }}
              />
            )}
            {s.label}
          </li>
        ))}
        {reference ? (
          <li className="flex items-center gap-2">
            <span className="inline-block w-6 border-t-2 border-dashed border-orange-700" /> {reference.label}
          </li>
        ) : null}
      </ul>
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{M.week}</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
              {reference ? <th scope="col">{reference.label}</th> : null}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week, i) => (
              <tr key={week}>
                <th scope="row">{weekName(week)}</th>
                {series.map((s) => {
                  const v = s.values[i];
                  return <td key={s.label}>{v === null || v === undefined ? NO_VALUE : format(v)}</td>;
                })}
                {reference ? <td>{format(reference.value)}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

const ROW = 40;
const LABEL = 300;

/**
 * Horizontal bars, one per row (seats by family, score bands), the value written at the bar's
 * end; a table of the same rows for screen readers.
 */
export function RowsChart({
  title,
  summary,
  rows,
  columns,
}: {
  title: string;
  summary: string;
  rows: readonly { label: string; value: number }[];
  columns: [string, string];
}) {
  const height = rows.length * ROW + 8;
  const innerWidth = WIDTH - LABEL - 64;
  const x = scaleLinear({ domain: [0, Math.max(1, ...rows.map((r) => r.value))], range: [0, innerWidth] });
  return (
    <figure className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <figcaption className="font-semibold text-slate-900">{title}</figcaption>
      <p className="text-sm text-slate-700">{summary}</p>
      {/* At most 3xl wide: on a desktop's full-width card the words would otherwise grow past 30 px. */}
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={summary} className="h-auto w-full max-w-3xl">
        {rows.map((r, i) => (
          <g key={r.label} transform={`translate(0, ${i * ROW + 4})`}>
            <text x={LABEL - 12} y={ROW / 2} dy="0.32em" textAnchor="end" fontSize={18} fill="#334155">
              {r.label.length > 28 ? `${r.label.slice(0, 27)}…` : r.label}
            </text>
            <Bar x={LABEL} y={6} width={Math.max(0, x(r.value))} height={ROW - 12} fill="#1d4ed8" />
            <text x={LABEL + x(r.value) + 8} y={ROW / 2} dy="0.32em" fontSize={18} fill="#0f172a">
              {r.value}
            </text>
          </g>
        ))}
      </svg>
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{columns[0]}</th>
              <th scope="col">{columns[1]}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label}>
                <th scope="row">{r.label}</th>
                <td>{r.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
