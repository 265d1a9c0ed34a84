import { mandateText } from '@synergie/shared/self-billing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '~/lib/toast';
import { SelfBillingCard } from './self-billing-card';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const mandate = {
  id: 'b0f1c2d3-0000-4000-8000-000000000001',
  legalName: 'Dupont Conseil',
  siren: '732829320',
  siret: '73282932000074',
  addressLine: '1 rue de la République',
  postcode: '69001',
  city: 'Lyon',
  vatStatus: 'franchise',
  vatNumber: null,
  version: '2026-12',
  textHash: 'a'.repeat(64),
  acceptedAt: '2026-11-20T10:00:00.000Z',
  revokedAt: null,
};

/** GET /api/me/self-billing answers `state`; DELETE …/mandate revokes it. */
function stubApi() {
  const state = {
    mandateVersion: '2026-12',
    mandateText: mandateText(),
    mandate: mandate as object | null,
    invoices: [],
  };
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method === 'DELETE') {
      const revoked = { ...mandate, revokedAt: '2026-11-28T10:00:00.000Z' };
      state.mandate = null;
      return new Response(JSON.stringify(revoked), { headers: { 'content-type': 'application/json' } });
    }
    return new Response(JSON.stringify(state), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SelfBillingCard />
    </QueryClientProvider>,
  );
}

const deletes = (fetch: ReturnType<typeof stubApi>) => fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE');

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('SelfBillingCard', () => {
  it('asks before revoking the mandate; keeping it sends nothing', async () => {
    const fetch = stubApi();
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Révoquer le mandat' }));
    const confirm = screen.getByRole('button', { name: 'Confirmer la révocation' });
    expect(document.activeElement).toBe(confirm);
    expect(screen.getByText(/Vos commissions resteront en attente/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Garder le mandat' }));
    expect(screen.getByRole('button', { name: 'Révoquer le mandat' })).toBeTruthy();
    expect(deletes(fetch)).toHaveLength(0);
  });

  it('revokes once confirmed: the commissions then wait for a new mandate', async () => {
    const fetch = stubApi();
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Révoquer le mandat' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer la révocation' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalled());
    expect(deletes(fetch)).toHaveLength(1);
    expect(await screen.findByText(/^Aucun mandat actif/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accepter le mandat' })).toBeTruthy();
  });
});
