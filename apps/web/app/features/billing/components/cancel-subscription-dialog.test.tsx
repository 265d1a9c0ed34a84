import type { SubscriptionResponse } from '@synergie/shared/billing';
import { renewalMessages } from '@synergie/shared/renewals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '~/lib/toast';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const subscription: SubscriptionResponse = {
  subscribed: true,
  product_id: 'annual',
  status: 'active',
  trialEnd: null,
  currentPeriodEnd: '2027-03-01T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  provider: 'demo',
};

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('CancelSubscriptionDialog', () => {
  it('Résilier mon abonnement, then the confirmation in the dialog: done in two clicks', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ ...subscription, cancelAtPeriodEnd: true }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <CancelSubscriptionDialog data={subscription} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Résilier mon abonnement' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Votre abonnement restera actif jusqu’au 1er mars 2027');
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer la résiliation' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(renewalMessages.cancelled));
    expect(String((fetch.mock.calls[0] as unknown as [string])[0])).toContain('/api/billing/cancel');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
