import { formatNumber } from '@synergie/shared/format';
import {
  groupHealthDefinitions as D,
  groupHealthMessages as M,
  RECOMMENDATIONS_BENCHMARK,
} from '@synergie/shared/group-health-constants';
import type { HealthFigures, HealthMedian } from '../api/get-health';
import { RowsChart, WeeklyChart, type WeeklySeries } from './health-charts';

export const NONE = '—';
export const percent = (v: number | null | undefined) =>
  v === null || v === undefined ? NONE : `${formatNumber(v, { maxFractionDigits: 1 })}\u202f%`;
export const rate = (v: number | null | undefined) =>
  v === null || v === undefined ? NONE : formatNumber(v, { fractionDigits: 2 });
export const count = (v: number | null | undefined) =>
  v === null || v === undefined ? NONE : formatNumber(v, { maxFractionDigits: 1 });

/** The comparisons' line colours (the group's own figure is the blue bars). */
const LINE_COLOURS = ['#7c3aed', '#047857', '#be185d'];
const MEDIAN_COLOUR = '#475569';

export interface Compared {
  name: string;
  figures: HealthFigures;
}

/**
 * The health of one group or of a set of groups (the admins' network and regions): the key
 * figures, the weekly charts against the national median (and the compared groups), the seats
 * by family, the scores, and what each figure counts.
 */
export function HealthFiguresView({
  figures,
  national,
  compared = [],
  ownLabel,
  headingLevel = 3,
}: {
  figures: HealthFigures;
  national: HealthMedian;
  compared?: readonly Compared[];
  ownLabel: string;
  headingLevel?: 2 | 3;
}) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const t = figures.totals;
  const weeks = figures.weeks.map((w) => w.week);
  const lines = (pick: (w: HealthFigures['weeks'][number]) => number | null): WeeklySeries[] =>
    compared.map((c, i) => ({
      label: c.name,
      values: c.figures.weeks.map(pick),
      kind: 'line',
      colour: LINE_COLOURS[i % LINE_COLOURS.length] as string,
    }));
  const keyFigures: { label: string; value: string; detail: string }[] = [
    {
      label: M.attendance,
      value: percent(t.attendancePercent),
      detail: `${M.national}\u00a0: ${percent(national.totals.attendancePercent)}${
        t.meetingsCancelled > 0 ? ` · ${M.cancelledMeetings(t.meetingsCancelled)}` : ''
      }`,
    },
    {
      label: M.recommendations,
      value: rate(t.recommendationsPerMember),
      detail: `${M.benchmark}\u00a0: ${rate(RECOMMENDATIONS_BENCHMARK)} · ${M.national}\u00a0: ${rate(national.totals.recommendationsPerMember)}`,
    },
    {
      label: M.oneToOnes,
      value: count(t.oneToOnes),
      detail: `${M.national}\u00a0: ${count(national.totals.oneToOnes)}`,
    },
    {
      label: M.visitors,
      value: count(t.visitors),
      detail: `${M.visitorsCame}\u00a0: ${count(t.visitorsCame)} · ${M.visitorsBecameMembers}\u00a0: ${count(t.visitorsBecameMembers)}`,
    },
    {
      label: M.members,
      value: count(t.members),
      detail: `${M.joined}\u00a0: ${count(t.joined)} · ${M.left}\u00a0: ${count(t.left)}`,
    },
    {
      label: M.transformation,
      value: percent(t.transformationPercent),
      detail: `${count(t.won)} gagnées, ${count(t.lost)} perdues, ${count(t.noFollowUp)} sans suite · ${M.national}\u00a0: ${percent(national.totals.transformationPercent)}`,
    },
  ];
  return (
    <div className="flex flex-col gap-8">
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {keyFigures.map((f) => (
          <div key={f.label} className="rounded-lg bg-slate-50 p-4">
            <dt className="text-sm font-medium text-slate-700">{f.label}</dt>
            <dd className="text-2xl font-bold text-slate-900">{f.value}</dd>
            <dd className="text-sm text-slate-600">{f.detail}</dd>
          </div>
        ))}
      </dl>

      <div className="grid gap-6 lg:grid-cols-2">
        <WeeklyChart
          title={M.attendance}
          summary={M.attendanceSummary(percent(t.attendancePercent), percent(national.totals.attendancePercent))}
          weeks={weeks}
          format={(v) => `${formatNumber(v, { maxFractionDigits: 1 })}\u202f%`}
          series={[
            { label: ownLabel, values: figures.weeks.map((w) => w.attendancePercent), kind: 'bar', colour: '#93c5fd' },
            ...lines((w) => w.attendancePercent),
            {
              label: M.national,
              values: national.weeks.map((w) => w.attendancePercent),
              kind: 'line',
              colour: MEDIAN_COLOUR,
              dashed: true,
            },
          ]}
        />
        <WeeklyChart
          title={M.recommendations}
          summary={M.recommendationsSummary(rate(t.recommendationsPerMember))}
          weeks={weeks}
          format={(v) => formatNumber(v, { maxFractionDigits: 2 })}
          reference={{ label: `${M.benchmark} ${rate(RECOMMENDATIONS_BENCHMARK)}`, value: RECOMMENDATIONS_BENCHMARK }}
          series={[
            {
              label: ownLabel,
              values: figures.weeks.map((w) => w.recommendationsPerMember),
              kind: 'bar',
              colour: '#93c5fd',
            },
            ...lines((w) => w.recommendationsPerMember),
            {
              label: M.national,
              values: national.weeks.map((w) => w.recommendationsPerMember),
              kind: 'line',
              colour: MEDIAN_COLOUR,
              dashed: true,
            },
          ]}
        />
        <WeeklyChart
          title={`${M.oneToOnes}, ${M.visitors.toLowerCase()} et ${M.left.toLowerCase()}`}
          summary={M.activitySummary(t.oneToOnes, t.visitors, t.visitorsBecameMembers)}
          weeks={weeks}
          format={(v) => formatNumber(v, { maxFractionDigits: 1 })}
          series={[
            { label: M.oneToOnes, values: figures.weeks.map((w) => w.oneToOnes), kind: 'bar', colour: '#1d4ed8' },
            { label: M.visitors, values: figures.weeks.map((w) => w.visitors), kind: 'bar', colour: '#f59e0b' },
            {
              label: M.visitorsBecameMembers,
              values: figures.weeks.map((w) => w.visitorsBecameMembers),
              kind: 'bar',
              colour: '#047857',
            },
            { label: M.left, values: figures.weeks.map((w) => w.left), kind: 'bar', colour: '#be123c' },
          ]}
        />
        <RowsChart
          title={M.scores}
          summary={
            figures.scores.scored === 0
              ? M.noScore
              : M.scoresSummary(figures.scores.scored, count(figures.scores.median))
          }
          columns={[M.band, M.membersCount]}
          rows={figures.scores.bands.map((b) => ({ label: `${b.from} à ${b.to}`, value: b.count }))}
        />
      </div>
      <RowsChart
        title={M.seats}
        summary={M.seatsSummary(figures.seatsByFamily.reduce((n, s) => n + s.filled, 0))}
        columns={[M.family, M.filled]}
        rows={figures.seatsByFamily.map((s) => ({ label: s.label, value: s.filled }))}
      />

      <section className="rounded-xl border border-slate-200 bg-white p-4">
        <H className="mb-3 text-lg font-semibold text-slate-900">{M.definitions}</H>
        <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-slate-700">
          {Object.entries(D).map(([key, text]) => (
            <li key={key}>{text}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** The figures side by side: this group (or the network), the compared ones, the national median. */
export function ComparisonTable({
  caption,
  columns,
  national,
}: {
  caption: string;
  columns: readonly { name: string; figures: HealthFigures }[];
  national: HealthMedian;
}) {
  const rows: { label: string; cells: string[]; median: string }[] = [
    {
      label: M.attendance,
      cells: columns.map((c) => percent(c.figures.totals.attendancePercent)),
      median: percent(national.totals.attendancePercent),
    },
    {
      label: M.recommendations,
      cells: columns.map((c) => rate(c.figures.totals.recommendationsPerMember)),
      median: rate(national.totals.recommendationsPerMember),
    },
    {
      label: M.oneToOnes,
      cells: columns.map((c) => count(c.figures.totals.oneToOnes)),
      median: count(national.totals.oneToOnes),
    },
    {
      label: M.visitors,
      cells: columns.map((c) => count(c.figures.totals.visitors)),
      median: count(national.totals.visitors),
    },
    {
      label: M.visitorsBecameMembers,
      cells: columns.map((c) => count(c.figures.totals.visitorsBecameMembers)),
      median: count(national.totals.visitorsBecameMembers),
    },
    {
      label: M.members,
      cells: columns.map((c) => count(c.figures.totals.members)),
      median: count(national.totals.members),
    },
    {
      label: M.left,
      cells: columns.map((c) => count(c.figures.totals.left)),
      median: count(national.totals.left),
    },
    {
      label: M.transformation,
      cells: columns.map((c) => percent(c.figures.totals.transformationPercent)),
      median: percent(national.totals.transformationPercent),
    },
  ];
  return (
    <section
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      aria-label={caption}
    >
      <table className="w-full text-left text-sm">
        <caption className="px-4 pt-3 text-left font-semibold text-slate-900">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              {M.figure}
            </th>
            {columns.map((c) => (
              <th key={c.name} scope="col" className="px-4 py-3 text-right font-semibold">
                {c.name}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              {M.national}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                {r.label}
              </th>
              {r.cells.map((cell, i) => (
                <td key={columns[i]?.name} className="px-4 py-3 text-right tabular-nums">
                  {cell}
                </td>
              ))}
              <td className="px-4 py-3 text-right tabular-nums">{r.median}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
