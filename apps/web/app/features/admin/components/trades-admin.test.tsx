import type { AdminTrade } from '@synergie/shared/group-admin';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '~/lib/toast';
import { TradesAdmin } from './trades-admin';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const trade = (id: string, label: string, family: AdminTrade['family'], members = 0): AdminTrade => ({
  id,
  slug: id,
  label,
  labelFeminine: null,
  family,
  nafCode: null,
  regulated: false,
  members,
  activeSeats: 0,
});
const trades = [
  trade('00000000-0000-4000-8000-000000000001', 'Électricien', 'batiment', 3),
  trade('00000000-0000-4000-8000-000000000002', 'Électricien bâtiment', 'batiment', 1),
  trade('00000000-0000-4000-8000-000000000003', 'Notaire', 'droit-chiffre', 2),
];

function stubApi(merge: (url: string, init: RequestInit) => Response) {
  const calls: [string, RequestInit][] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/admin/trades' && (init.method ?? 'GET') === 'GET')
        return new Response(JSON.stringify({ trades }), { status: 200 });
      calls.push([url, init]);
      return merge(url, init);
    }),
  );
  return calls;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TradesAdmin />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('/admin/metiers', () => {
  it('lists the catalogue by family with counts, and searches with accents ignored', async () => {
    stubApi(() => new Response('{}', { status: 500 }));
    renderPage();
    expect(await screen.findByRole('heading', { name: /Bâtiment et travaux/ })).toBeTruthy();
    expect(screen.getByText(/3 membres · 0 siège occupé/)).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Rechercher un métier' }), {
      target: { value: 'electricien batiment' },
    });
    expect(screen.getByRole('status').textContent).toBe('1 métier sur 3');
    expect(screen.queryByRole('heading', { name: /Droit et chiffre/ })).toBeNull();
  });

  it('merges a trade after choosing the target and reading the confirmation; shows the French refusal', async () => {
    const conflict = 'Ces deux métiers ont chacun un membre dans un même groupe\u00a0: un seul siège resterait.';
    const calls = stubApi(
      () =>
        new Response(JSON.stringify({ error: { code: 'TRADE_MERGE_CONFLICT', message: conflict } }), {
          status: 409,
        }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Fusionner le métier Électricien bâtiment' }));
    const dialog = await screen.findByRole('alertdialog');
    const target = within(dialog).getByRole('combobox', { name: 'Métier de destination *' });
    fireEvent.change(target, { target: { value: 'electricien' } });
    // The trade being merged is not offered as its own target.
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Électricien']);
    fireEvent.keyDown(target, { key: 'Enter' });
    expect(within(dialog).getByText(/Fusionner « Électricien bâtiment » dans « Électricien »/)).toBeTruthy();
    expect(within(dialog).getByText(/1 membre et leurs sièges passeront/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fusionner' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(conflict));
    expect(dialog.textContent).toContain(conflict);
    const [url, init] = calls[0] as [string, RequestInit];
    expect(url).toBe('/api/admin/trades/00000000-0000-4000-8000-000000000002/merge');
    expect(JSON.parse(String(init.body))).toEqual({ intoTradeId: '00000000-0000-4000-8000-000000000001' });
  });
});
