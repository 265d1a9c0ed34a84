import type { QuotaHits } from '@synergie/shared/admin-quotas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '~/lib/toast';
import { routeFetch } from '../../../../test/group-fixtures';
import { QuotasAdmin } from './quotas-admin';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

const hits: QuotaHits = {
  items: [
    {
      userId: 'u1',
      name: 'Paul Pressé',
      email: 'paul@exemple.fr',
      quota: 'guestInvitations',
      hourCount: 30,
      dayCount: 42,
      perHour: 30,
      perDay: 60,
      refusedCount: 10,
      lastRefusedAt: '2026-12-03T09:15:00.000Z',
      liftedUntil: null,
    },
  ],
  limits: [{ quota: 'mentions', perHour: 10, perDay: 30 }],
};

describe('QuotasAdmin (issue 33)', () => {
  it('lists who hit a quota and lifts it for the chosen time', async () => {
    const calls = routeFetch({
      'GET /api/admin/quotas': [200, hits],
      'POST /api/admin/quotas/u1/lift': [200, { liftedUntil: '2026-12-10T09:20:00.000Z' }],
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <QuotasAdmin />
      </QueryClientProvider>,
    );
    const row = (await screen.findByRole('rowheader', { name: /Paul Pressé/ })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Invitations de visiteurs')).toBeTruthy();
    expect(within(row).getByText('30 sur 30')).toBeTruthy();
    expect(within(row).getByText('42 sur 60')).toBeTruthy();
    expect(within(row).getByText('Dernier le 3 décembre 2026 à 10 h 15')).toBeTruthy();
    expect(screen.getByText('Mentions sur le forum : 10 par heure, 30 par jour')).toBeTruthy();
    fireEvent.change(within(row).getByLabelText('Durée pour Paul Pressé'), { target: { value: '168' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Lever la limite de Paul Pressé' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Limite levée pour 7 jours.'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ quota: 'guestInvitations', hours: 168 });
  });
});
