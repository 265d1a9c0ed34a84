import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../../test/group-fixtures';
import { CalendarLinkRenewal } from './calendar-link-renewal';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

const OLD = 'http://localhost:3000/api/calendar/ancien.sig.ics';
const NEW = 'http://localhost:3000/api/calendar/nouveau.sig.ics';

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CalendarLinkRenewal />
    </QueryClientProvider>,
  );
}

describe('CalendarLinkRenewal (issue 33)', () => {
  it('renews the link only after the confirmation, then shows the new one', async () => {
    const calls = routeFetch({
      'GET /api/me/calendar-url': [200, { url: OLD, renewedAt: null }],
      'POST /api/me/calendar-url/renew': [200, { url: NEW, renewedAt: '2026-12-03T09:30:00.000Z' }],
    });
    renderCard();
    expect(await screen.findByText(OLD)).toBeTruthy();
    expect(screen.getByText('Ce lien n’a jamais été renouvelé.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Renouveler le lien' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toMatch(/L’ancien lien cessera aussitôt de fonctionner/);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    // Cancelling renews nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Renouveler le lien' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(
      [...confirm.querySelectorAll('button')].find((b) => b.textContent === 'Renouveler le lien') as HTMLElement,
    );
    expect(await screen.findByText(NEW)).toBeTruthy();
    expect(screen.queryByText(OLD)).toBeNull();
    expect(screen.getByText(/Renouvelé le 3 décembre 2026 à 10 h 30/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/me/calendar-url/renew']);
  });
});
