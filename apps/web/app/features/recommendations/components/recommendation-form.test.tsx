import { apiErrors } from '@synergie/shared/errors';
import { recommendationMessages } from '@synergie/shared/recommendation-constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '~/lib/toast';
import { type Answer, routeFetch } from '../../../../test/group-fixtures';
import { RecommendationForm } from './recommendation-form';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const bruno = { userId: 'u2', fullName: 'Bruno Plombier', detail: 'Plombier chauffagiste' };

function renderForm(recipient: typeof bruno | null = bruno) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/recommandations/nouvelle', element: <RecommendationForm recipient={recipient} viewerId="u1" /> },
      { path: '/recommandations/:id', element: <p>Page de la recommandation</p> },
    ],
    { initialEntries: ['/recommandations/nouvelle'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillContact() {
  type('Nom du contact', 'Jeanne Client');
  type('Téléphone', '06 12 34 56 78');
  type('Son besoin', 'Refaire la plomberie du fournil.');
  fireEvent.click(screen.getByLabelText(/Chaud$/));
}

const created: Answer = [201, { id: 'r1' }];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('RecommendationForm', () => {
  it('refuses an external contact without the consent box, in French, and sends nothing', async () => {
    const calls = routeFetch({ 'POST /api/recommendations': created });
    renderForm();
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: recommendationMessages.recommend }));
    // As written (the default matcher would fold its narrow no-break spaces).
    expect(await screen.findByText(recommendationMessages.consentRequired, { normalizer: (t) => t })).toBeTruthy();
    expect(screen.getByLabelText(recommendationMessages.consent).getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it('sends the contact in E.164 with the consent, then opens the recommendation with a toast', async () => {
    const calls = routeFetch({ 'POST /api/recommendations': created });
    const router = renderForm();
    fillContact();
    fireEvent.click(screen.getByLabelText(recommendationMessages.consent));
    fireEvent.click(screen.getByRole('button', { name: recommendationMessages.recommend }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/recommandations/r1'));
    expect(calls[0]?.body).toMatchObject({
      receiverId: 'u2',
      kind: 'external',
      contactName: 'Jeanne Client',
      contactPhone: '+33612345678',
      consent: true,
      heat: 4,
    });
    expect(notify.success).toHaveBeenCalledWith('Votre recommandation a été envoyée à Bruno Plombier.');
  });

  it('hides the contact for `Pour vous` and stores nothing about a third party', async () => {
    const calls = routeFetch({ 'POST /api/recommendations': created });
    renderForm();
    fireEvent.click(screen.getByLabelText(/Pour vous/));
    expect(screen.queryByLabelText('Nom du contact')).toBeNull();
    fireEvent.click(screen.getByLabelText(/Froid$/));
    fireEvent.click(screen.getByRole('button', { name: recommendationMessages.recommend }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ kind: 'for_you', heat: 1, contactName: null, consent: false });
  });

  it('asks for the heat, and shows the server’s refusal above the button', async () => {
    routeFetch({
      'POST /api/recommendations': [
        400,
        { error: { code: 'SELF_RECOMMENDATION', message: apiErrors.SELF_RECOMMENDATION.message } },
      ],
    });
    renderForm();
    fireEvent.click(screen.getByLabelText(/Pour vous/));
    fireEvent.click(screen.getByRole('button', { name: recommendationMessages.recommend }));
    expect(await screen.findByText('Indiquez la chaleur, de 1 à 5')).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/Intéressé$/));
    fireEvent.click(screen.getByRole('button', { name: recommendationMessages.recommend }));
    expect((await screen.findByRole('alert')).textContent).toBe(apiErrors.SELF_RECOMMENDATION.message);
  });

  it('without `?pour=`, picks the member from the directory search (never oneself)', async () => {
    const card = (userId: string, fullName: string) => ({
      userId,
      fullName,
      companyName: null,
      avatarUrl: null,
      profession: null,
      industry: null,
      city: 'Rennes',
      trade: { id: 't1', label: 'Plombier chauffagiste', slug: 'plombier', family: 'batiment' },
    });
    const calls = routeFetch({
      'GET /api/members?q=bruno&pageSize=8': [
        200,
        { members: [card('u1', 'Moi-même'), card('u2', 'Bruno Plombier')], total: 2, page: 1, pageSize: 8 },
      ],
      'POST /api/recommendations': created,
    });
    renderForm(null);
    fireEvent.click(screen.getByLabelText(/Pour vous/));
    fireEvent.click(screen.getByLabelText(/Froid$/));
    fireEvent.click(screen.getByRole('button', { name: recommendationMessages.recommend }));
    expect(await screen.findByText('Choisissez le membre à qui vous passez cette recommandation')).toBeTruthy();
    type('Rechercher le membre à recommander', 'bruno');
    const choose = await screen.findByRole('button', { name: 'Choisir Bruno Plombier' }, { timeout: 3000 });
    expect(screen.queryByRole('button', { name: 'Choisir Moi-même' })).toBeNull();
    fireEvent.click(choose);
    expect(screen.getByRole('button', { name: 'Changer de membre' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: recommendationMessages.recommend }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ receiverId: 'u2' });
  });
});
