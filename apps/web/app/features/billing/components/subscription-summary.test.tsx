import type { SubscriptionResponse } from '@synergie/shared/billing';
import { getPlan } from '@synergie/shared/plans';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '~/lib/query-keys';
import { SubscriptionCard } from './subscription-card';
import { SubscriptionSummary } from './subscription-summary';

const trial: SubscriptionResponse = {
  subscribed: true,
  product_id: 'annual',
  status: 'trialing',
  trialEnd: '2027-03-01T10:00:00.000Z',
  currentPeriodEnd: '2027-03-01T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  provider: 'demo',
};

function renderWith(data: SubscriptionResponse, node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(queryKeys.subscription, data);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('SubscriptionSummary (/profile, issue 31)', () => {
  it('sums the subscription up in one line and leads to Facturation', () => {
    renderWith(trial, <SubscriptionSummary />);
    expect(screen.getByTestId('subscription-summary').textContent).toBe(
      `Mon abonnement\u00a0: ${getPlan('annual').formula} Essai gratuit jusqu’au 1er mars 2027Démonstration`,
    );
    expect(screen.getByRole('link', { name: 'Facturation' }).getAttribute('href')).toBe('/profile/facturation');
    // The subscription's actions are the section's, not this line's.
    expect(screen.queryByRole('button', { name: 'Résilier mon abonnement' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Voir les formules' })).toBeNull();
  });

  it('says a failed debit within its grace, as Mon abonnement does', () => {
    const pastDue: SubscriptionResponse = { ...trial, status: 'past_due', provider: 'stripe' };
    renderWith(pastDue, <SubscriptionSummary />);
    expect(screen.getByTestId('subscription-summary').textContent).toContain('Paiement en attente');
    const card = renderWith(pastDue, <SubscriptionCard />);
    expect(card.getByTestId('subscription-status').textContent).toBe(
      `${getPlan('annual').formula} Paiement en attente`,
    );
  });

  it('without a subscription: the formulas, and Facturation for the invoices already issued', () => {
    renderWith({ ...trial, subscribed: false, product_id: null, status: null }, <SubscriptionSummary />);
    expect(screen.getByTestId('subscription-summary').textContent).toBe(
      'Mon abonnement\u00a0: Vous n’avez pas d’abonnement actif.',
    );
    expect(screen.getByRole('link', { name: 'Voir les formules' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('link', { name: 'Facturation' }).getAttribute('href')).toBe('/profile/facturation');
  });
});
