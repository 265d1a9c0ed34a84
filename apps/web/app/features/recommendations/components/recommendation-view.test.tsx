import { recommendationMessages } from '@synergie/shared/recommendation-constants';
import type { RecommendationDetail } from '@synergie/shared/recommendations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../../test/group-fixtures';
import { RecommendationView } from './recommendation-view';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function detail(overrides: Partial<RecommendationDetail> = {}): RecommendationDetail {
  return {
    id: 'r1',
    kind: 'external',
    status: 'contacted',
    heat: 4,
    giver: { id: 'u1', name: 'Alice Avocate', image: null, trade: 'Notaire' },
    receiver: { id: 'u2', name: 'Bruno Plombier', image: null, trade: 'Plombier chauffagiste' },
    contactName: 'Jeanne Client',
    need: 'Refaire la plomberie du fournil.',
    amountCents: null,
    businessStatus: null,
    createdAt: '2026-05-04T08:00:00.000Z',
    statusChangedAt: '2026-05-05T08:00:00.000Z',
    contactPhone: '+33612345678',
    contactEmail: 'jeanne@boulangerie.fr',
    contactCompany: null,
    consentAt: '2026-05-04T08:00:00.000Z',
    contactPurgedAt: null,
    message: null,
    lostReason: null,
    businessDeclaredAt: null,
    businessAnsweredAt: null,
    disputeReason: null,
    viewerRole: 'receiver',
    nextStatuses: ['meeting', 'quote_sent', 'won', 'lost', 'no_follow_up'],
    history: [
      {
        id: 'e1',
        fromStatus: null,
        toStatus: 'received',
        kind: 'given',
        amountCents: null,
        note: null,
        actorName: 'Alice Avocate',
        createdAt: '2026-05-04T08:00:00.000Z',
      },
      {
        id: 'e2',
        fromStatus: 'received',
        toStatus: 'contacted',
        kind: 'status',
        amountCents: null,
        note: 'Appelée ce matin.',
        actorName: 'Bruno Plombier',
        createdAt: '2026-05-05T08:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

function renderView() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: '/recommandations/:id', element: <RecommendationView id="r1" notFound={<p>Page introuvable</p>} /> }],
    { initialEntries: ['/recommandations/r1'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('RecommendationView', () => {
  it('shows the history in Paris time, the contact with tel and mailto links', async () => {
    routeFetch({ 'GET /api/recommendations/r1': [200, detail()] });
    renderView();
    expect(await screen.findByRole('heading', { level: 1, name: 'Jeanne Client' })).toBeTruthy();
    expect(screen.getByText('Reçue → Contactée')).toBeTruthy();
    expect(screen.getByText('5 mai 2026 à 10 h 00')).toBeTruthy();
    expect(screen.getByRole('link', { name: '06 12 34 56 78' }).getAttribute('href')).toBe('tel:+33612345678');
    expect(screen.getByRole('link', { name: 'jeanne@boulangerie.fr' }).getAttribute('href')).toBe(
      'mailto:jeanne@boulangerie.fr',
    );
  });

  it('the receiver wins it with an amount typed in euros, checked with the shared rules', async () => {
    const calls = routeFetch({
      'GET /api/recommendations/r1': [200, detail()],
      'POST /api/recommendations/r1/status': [200, detail({ status: 'won' })],
    });
    renderView();
    const form = await screen.findByRole('form', { name: 'Faire avancer la recommandation' });
    fireEvent.click(within(form).getByLabelText('Gagnée'));
    const amount = within(form).getByLabelText(/Montant HT/);
    fireEvent.change(amount, { target: { value: '20 000 000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer l’étape' }));
    expect(await within(form).findByText(/ne peut pas dépasser 10/)).toBeTruthy();
    fireEvent.change(amount, { target: { value: '12 500,50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer l’étape' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ status: 'won', amount: '12 500,50', note: '' });
  });

  it('the giver confirms a declared business, or disputes it with a reason', async () => {
    const calls = routeFetch({
      'GET /api/recommendations/r1': [
        200,
        detail({
          viewerRole: 'giver',
          nextStatuses: [],
          status: 'won',
          amountCents: 1_250_050,
          businessStatus: 'declared',
          businessDeclaredAt: '2026-05-06T08:00:00.000Z',
        }),
      ],
      'POST /api/recommendations/r1/business/answer': [200, detail()],
    });
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: recommendationMessages.dispute }));
    fireEvent.click(screen.getByRole('button', { name: recommendationMessages.dispute }));
    expect(await screen.findByText('Dites pourquoi vous contestez ce montant')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: recommendationMessages.confirm }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      answer: 'confirm',
      reason: null,
      seenAmountCents: 1_250_050,
    });
    expect(screen.queryByRole('form', { name: 'Faire avancer la recommandation' })).toBeNull();
  });

  it('a dispute carries the amount shown; changed meanwhile (issue 33), the 409 is shown and the amount reloaded', async () => {
    let reads = 0;
    const declared = (amountCents: number) =>
      detail({
        viewerRole: 'giver',
        nextStatuses: [],
        status: 'won',
        amountCents,
        businessStatus: 'declared',
        businessDeclaredAt: '2026-05-06T08:00:00.000Z',
      });
    const calls = routeFetch({
      'GET /api/recommendations/r1': () => {
        reads += 1;
        return [200, declared(reads === 1 ? 10_000 : 99_999_900)];
      },
      'POST /api/recommendations/r1/business/answer': [
        409,
        {
          error: {
            code: 'BUSINESS_AMOUNT_CHANGED',
            message: 'Le montant a changé\u00a0: vérifiez-le avant de confirmer.',
          },
        },
      ],
    });
    renderView();
    expect(await screen.findByText(/100,00\s€/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: recommendationMessages.dispute }));
    fireEvent.change(screen.getByLabelText(/Pourquoi contestez-vous/), { target: { value: 'Trop élevé' } });
    fireEvent.click(screen.getByRole('button', { name: recommendationMessages.dispute }));
    expect(await screen.findByText(/Le montant a changé\s: vérifiez-le avant de confirmer\./)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      answer: 'dispute',
      reason: 'Trop élevé',
      seenAmountCents: 10_000,
    });
    expect(await screen.findByText(/999\s999,00\s€/)).toBeTruthy();
  });

  it('answers the API’s 404 with the 404 page', async () => {
    routeFetch({});
    renderView();
    expect(await screen.findByText('Page introuvable')).toBeTruthy();
  });
});
