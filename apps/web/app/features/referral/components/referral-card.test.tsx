import { formatMoney } from '@synergie/shared/format';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '~/lib/toast';
import type { ReferralData } from '../api/get-referral';
import { ReferralCard } from './referral-card';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const data: ReferralData = {
  code: 'ABCD2345',
  link: 'http://localhost:3000/r/ABCD2345',
  referrals: [{ name: 'Fanny Filleule', joinedAt: '2026-01-05T10:00:00.000Z', subscribed: true }],
  totals: { pendingCents: 413, payableCents: 825, paidCents: 123_456 },
  lines: [
    {
      id: 'l1',
      sponsorId: 'u1',
      referredName: 'Fanny Filleule',
      kind: 'first',
      rateBps: 1000,
      amountCents: 825,
      status: 'payable',
      payableAt: '2026-01-20T10:00:00.000Z',
      statementMonth: '2026-01',
      paidAt: null,
      createdAt: '2026-01-05T10:00:00.000Z',
    },
  ],
};

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReferralCard />
    </QueryClientProvider>,
  );
}

const normalize = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('ReferralCard', () => {
  it('formats euros the French way', () => {
    expect(normalize(formatMoney(825))).toBe('8,25 €');
    expect(normalize(formatMoney(-413))).toBe('-4,13 €');
    expect(normalize(formatMoney(123_456))).toBe('1 234,56 €');
  });

  it('shows the link, a local QR code, the referrals and totals, and copies the link', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(data), { headers: { 'content-type': 'application/json' } })),
    );
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderCard();
    expect(await screen.findByText(data.link)).toBeTruthy();
    // French typography: narrow no-break spaces before ':' and '%', never a '%' alone at a line start.
    // (Testing Library's default normalizer would turn them into plain spaces.)
    const asWritten = { normalizer: (text: string) => text };
    expect(
      screen.getByText(
        /^Partagez votre lien\u00a0: vous recevez 10\u202f% du montant .* et 5\u202f% de ses renouvellements/,
        asWritten,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/^Votre code\u00a0: /, asWritten)).toBeTruthy();
    expect(screen.getAllByText('Fanny Filleule', { exact: false }).length).toBeGreaterThan(0);
    expect(screen.getByText('Abonné')).toBeTruthy();
    expect(
      screen.getAllByText((_, el) => el?.tagName === 'DD' && normalize(el.textContent) === '1 234,56 €'),
    ).toHaveLength(1);
    const img = await screen.findByRole('img', { name: /QR code/ });
    expect(img.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    fireEvent.click(screen.getByRole('button', { name: 'Copier le lien' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Lien copié'));
    expect(writeText).toHaveBeenCalledWith(data.link);
  });
});
