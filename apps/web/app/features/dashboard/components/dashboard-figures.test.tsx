import {
  dashboardDefinitions as D,
  DASHBOARD_SERIES,
  dashboardMessages as M,
} from '@synergie/shared/dashboard-constants';
import type { Dashboard } from '@synergie/shared/member-page';
import { SCORE_ACTIONS } from '@synergie/shared/today-constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../../test/group-fixtures';
import { SERIES_COLOURS } from './dashboard-chart';
import { DashboardFigures } from './dashboard-figures';

const months = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
].map((month, i) => ({ month, given: i % 3, received: i === 11 ? 2 : 1, won: i === 4 ? 1 : 0, confirmed: 0 }));

/** The demo member's situation: nothing confirmed for others, 9 200 € waiting on them. */
const dashboard: Dashboard = {
  contactRequests: {
    sent: { pending: 1, accepted: 2, declined: 0 },
    received: { pending: 3, accepted: 1, declined: 1 },
  },
  sharedProjects: 1,
  ratings: { average: 4.5, received: 2, given: 1 },
  events: { upcoming: 1, total: 2, organized: 0 },
  referral: { referrals: 2, pendingCents: 300, payableCents: 500, paidCents: 1000 },
  content: { services: 1, projects: 2, jobOffers: 0, applicationsReceived: 0, applicationsSent: 0 },
  recommendations: {
    given: 11,
    received: 13,
    won: 1,
    declaredCents: 120_000,
    confirmedCents: 0,
    givenConfirmedCents: 0,
    conversionPercent: 50,
  },
  oneToOnes: 4,
  testimonials: 1,
  months,
  business: {
    confirmedReceivedCents: 0,
    confirmedGivenCents: 0,
    toConfirm: { count: 2, amountCents: 920_000, recommendationId: 'r1' },
    awaiting: { count: 1, amountCents: 120_000, recommendationId: 'r2' },
    disputed: { count: 0, amountCents: 0, recommendationId: null },
  },
  stale: { count: 1, recommendationId: 'r3' },
  scoreAction: 'oneToOnes',
};

function renderDashboard(answer: Dashboard) {
  routeFetch({ 'GET /api/me/dashboard': [200, answer] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DashboardFigures />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

const exact = { normalizer: (text: string) => text };

describe('/dashboard', () => {
  it('leads with the next actions, each a link with its reason', async () => {
    renderDashboard(dashboard);
    const actions = await screen.findByRole('region', { name: M.actionsTitle });
    const links = within(actions).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Confirmer les affaires déclarées grâce à vous', '/recommandations?side=given&status=won'],
      ['Faire avancer votre recommandation', '/recommandations/r3'],
      [SCORE_ACTIONS.oneToOnes.label, SCORE_ACTIONS.oneToOnes.to],
    ]);
    expect(actions.textContent).toContain('2 affaires pour 9\u202f200,00\u00a0€ HT attendent votre confirmation.');
  });

  it('shows the business waiting apart from the confirmed amounts, each saying what it counts', async () => {
    renderDashboard(dashboard);
    const business = await screen.findByRole('region', { name: M.businessTitle });
    const figure = (key: keyof typeof D) => within(business).getByText(D[key].label).closest('div') as HTMLElement;
    expect(figure('confirmedGiven').textContent).toContain('0,00\u00a0€');
    expect(figure('toConfirm').textContent).toContain('9\u202f200,00\u00a0€');
    expect(figure('toConfirm').textContent).toContain('2 affaires');
    expect(figure('awaiting').textContent).toContain('1\u202f200,00\u00a0€');
    for (const key of ['confirmedReceived', 'confirmedGiven', 'toConfirm', 'awaiting', 'disputed'] as const) {
      const counts = D[key].counts;
      expect(figure(key).textContent, key).toContain(counts.charAt(0).toUpperCase() + counts.slice(1));
    }
  });

  it('draws the 12 months as a chart with its summary, legend, table and definitions', async () => {
    renderDashboard(dashboard);
    const chart = await screen.findByRole('img', { name: /^Sur 12 mois, vous avez donné 12 recommandations/ });
    expect(chart.getAttribute('aria-label')).toBe(
      'Sur 12 mois, vous avez donné 12 recommandations, en avez reçu 13, gagné 1 et vu 0 affaire confirmée.',
    );
    // 4 bars a month, each series in its colour.
    const rects = [...chart.querySelectorAll('rect')];
    expect(rects).toHaveLength(48);
    expect(new Set(rects.map((r) => r.getAttribute('fill')))).toEqual(new Set(Object.values(SERIES_COLOURS)));
    const table = screen.getByRole('table', { name: M.chartTitle });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(14);
    expect(rows[1]?.textContent).toBe('décembre 20250100');
    expect(rows[13]?.textContent).toBe(`${M.totalsTitle}121310`);
    for (const s of DASHBOARD_SERIES) {
      expect(screen.getByText(`${D[s].label}\u00a0: ${D[s].counts}`, exact)).toBeTruthy();
    }
  });

  it('keeps the figures to date, grouped, with the conversion rate defined', async () => {
    renderDashboard(dashboard);
    const activity = await screen.findByRole('region', { name: M.activityTitle });
    const conversion = within(activity).getByText(D.conversion.label).closest('div') as HTMLElement;
    expect(conversion.textContent).toContain('50\u202f%');
    expect(conversion.textContent).toContain('Gagnées / (gagnées + perdues + sans suite)');
    expect(within(activity).getByText(D.contactsAccepted.label).closest('div')?.textContent).toContain('3');
  });

  it('says nothing waits when nothing does', async () => {
    renderDashboard({
      ...dashboard,
      business: {
        ...dashboard.business,
        toConfirm: { count: 0, amountCents: 0, recommendationId: null },
      },
      stale: { count: 0, recommendationId: null },
      scoreAction: null,
    });
    const actions = await screen.findByRole('region', { name: M.actionsTitle });
    expect(actions.textContent).toContain(M.noAction);
    expect(within(actions).getByRole('link').getAttribute('href')).toBe('/recommandations/nouvelle');
  });
});
