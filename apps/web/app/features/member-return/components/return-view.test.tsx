import type { MyReturn } from '@synergie/shared/return';
import { returnDefinitions, returnMessages } from '@synergie/shared/return-constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../../test/group-fixtures';
import { ReturnView } from './return-view';

afterEach(() => vi.unstubAllGlobals());

/** Testing Library matches text with its spaces collapsed, no-break ones included. */
const text = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

const month = (m: string, receivedCents = 0, paidCents = 0) => ({
  month: m,
  receivedCents,
  givenCents: 0,
  paidCents,
  paidExclVatCents: Math.round((paidCents * 100) / 120),
});

// Twelve Paris months; the fee paid once (1 000 € TTC in January), business received in March and May.
const data: MyReturn = {
  months: [
    month('2026-01', 0, 100_000),
    month('2026-02'),
    month('2026-03', 50_000),
    month('2026-04'),
    month('2026-05', 40_000),
    ...['06', '07', '08', '09', '10', '11', '12'].map((m) => month(`2026-${m}`)),
  ],
  totals: { receivedCents: 90_000, givenCents: 12_000, paidCents: 100_000, paidExclVatCents: 83_333 },
  breakEvenMonth: '2026-05',
  byMember: [{ label: 'Claire Dubois', amountCents: 50_000, count: 1 }],
  byTrade: [{ label: 'Notaire', amountCents: 50_000, count: 1 }],
  declared: { count: 2, amountCents: 920_000 },
  lost: [{ recommendationId: 'r1', reason: null, at: '2026-11-05T10:00:00.000Z' }],
};

function show(answer: [number, unknown]) {
  routeFetch({ 'GET /api/me/return': answer });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ReturnView />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Mon retour sur cotisation', () => {
  it('prints the totals, the break-even month and what each figure counts', async () => {
    show([200, data]);
    await screen.findByRole('heading', { level: 1, name: returnMessages.title });
    const figures = screen.getByText(returnMessages.received).closest('dl') as HTMLElement;
    expect(text(figures.textContent ?? '')).toContain('900,00 € HT');
    expect(text(figures.textContent ?? '')).toContain('1 000,00 €');
    expect(text(figures.textContent ?? '')).toContain('833,33 € HT');
    // 900 € received for 833,33 € paid: 1,1 € per euro.
    expect(text(figures.textContent ?? '')).toContain('1,1 €');
    expect(screen.getByText(returnMessages.breakEvenReached('mai 2026')).getAttribute('role')).toBe('status');
    for (const definition of Object.values(returnDefinitions)) {
      expect(screen.getByText(text(definition))).toBeTruthy();
    }
  });

  it('gives the chart its summary and its figures as a table, cumulated month by month', async () => {
    show([200, data]);
    const chart = await screen.findByRole('img');
    expect(text(chart.getAttribute('aria-label') ?? '')).toBe(
      text(returnMessages.chartSummary('900,00 €', '833,33 €')),
    );
    const table = screen.getByRole('table');
    const may = within(table).getByRole('row', { name: /mai 2026/ });
    // May: 400 € that month, 900 € cumulated, against 833,33 € of fee.
    expect(text(may.textContent ?? '')).toMatch(/400,00 €.*900,00 €.*833,33 €/);
  });

  it('shows the declarations apart, and a lost recommendation without a reason says so', async () => {
    show([200, data]);
    await screen.findByRole('heading', { name: returnMessages.declaredTitle });
    expect(text(screen.getByText(/2 affaires pour/).textContent ?? '')).toBe('2 affaires pour 9 200,00 € HT.');
    const lost = screen.getByRole('heading', { name: returnMessages.lostTitle }).parentElement as HTMLElement;
    expect(within(lost).getByText(new RegExp(returnMessages.noReason))).toBeTruthy();
    const sources = screen.getByRole('heading', { name: returnMessages.sourcesTitle }).parentElement as HTMLElement;
    expect(within(sources).getByText('Claire Dubois')).toBeTruthy();
    expect(within(sources).getByText('Notaire')).toBeTruthy();
  });

  it('says the break-even is not reached yet, and how nothing came yet', async () => {
    show([
      200,
      {
        ...data,
        months: data.months.map((m) => ({ ...m, receivedCents: 0 })),
        totals: { ...data.totals, receivedCents: 0 },
        breakEvenMonth: null,
        byMember: [],
        byTrade: [],
      },
    ]);
    expect((await screen.findByText(returnMessages.breakEvenNotYet)).getAttribute('role')).toBe('status');
    expect(screen.getByText(returnMessages.noSource)).toBeTruthy();
  });

  it('says when the figures cannot be loaded, with a way to try again', async () => {
    show([500, { error: { code: 'INTERNAL', message: 'Erreur' } }]);
    expect(await screen.findByText(returnMessages.loadFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Réessayer/ })).toBeTruthy();
  });
});
