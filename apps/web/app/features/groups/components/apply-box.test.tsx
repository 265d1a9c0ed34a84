import { groupMessages } from '@synergie/shared/group-constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type Answer,
  applicationFixture,
  groupFixture,
  routeFetch,
  seatStateFixture,
  sessionAnswer,
  waitlistEntryFixture,
} from '../../../../test/group-fixtures';
import { ApplyBox } from './apply-box';

// Loaded up front: the box imports it lazily, and a cold import may outlast a test's timeout.
import './apply-form';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const group = groupFixture();
const SEAT = 'GET /api/groups/g1/seat';

function renderBox() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/groupes/:slug', element: <ApplyBox group={group} /> },
      { path: '/auth', element: <p>Page de connexion</p> },
    ],
    { initialEntries: ['/groupes/lyon-confluence'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function member(seat: Answer, more: Record<string, Answer | ((body: unknown) => Answer)> = {}) {
  return routeFetch({ 'GET /api/auth/get-session': sessionAnswer('u1'), [SEAT]: seat, ...more });
}

/** Dialogs and forms load on first use (lazy): the first one may take a moment. */
const LAZY = { timeout: 5000 };

afterEach(() => vi.unstubAllGlobals());

describe('ApplyBox', () => {
  it('invites a visitor to sign up, keeping the way back to the group', async () => {
    routeFetch({ 'GET /api/auth/get-session': sessionAnswer(null) });
    const router = renderBox();
    const link = await screen.findByRole('link', { name: 'Créer mon compte pour postuler' });
    expect(link.getAttribute('href')).toBe('/auth');
    fireEvent.click(link);
    await screen.findByText('Page de connexion');
    expect(router.state.location.state).toEqual({ from: '/groupes/lyon-confluence' });
  });

  it('asks a member without a trade to pick it in their profile', async () => {
    member([200, seatStateFixture({ state: 'no_trade', trade: null })]);
    renderBox();
    expect(await screen.findByText(groupMessages.pickYourTrade)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choisir mon métier' }).getAttribute('href')).toBe('/profile');
  });

  it('sends an application with its message when the seat is free, and shows a refusal in the form', async () => {
    let refuse = false;
    const calls = member([200, seatStateFixture({ state: 'seat_free' })], {
      'POST /api/groups/g1/applications': () =>
        refuse
          ? [409, { error: { code: 'SEAT_TAKEN', message: groupMessages.seatTaken } }]
          : [201, applicationFixture({ userId: 'u1' })],
    });
    renderBox();
    expect(await screen.findByText('Plombier chauffagiste')).toBeTruthy();
    const message = await screen.findByLabelText('Message aux responsables du groupe (facultatif)', {}, LAZY);
    fireEvent.change(message, { target: { value: 'Plombier à Lyon depuis 12 ans.' } });
    fireEvent.click(screen.getByRole('button', { name: groupMessages.apply }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ message: 'Plombier à Lyon depuis 12 ans.' });

    refuse = true;
    fireEvent.click(screen.getByRole('button', { name: groupMessages.apply }));
    expect((await screen.findByRole('alert')).textContent).toBe(groupMessages.seatTaken);
  });

  it('offers the waiting list and the nearest free groups when the seat is held', async () => {
    const calls = member(
      [
        200,
        seatStateFixture({
          state: 'seat_held',
          nearestGroups: [groupFixture({ id: 'g2', slug: 'lyon-part-dieu', name: 'Synergie Pro Lyon Part-Dieu' })],
        }),
      ],
      { 'POST /api/groups/g1/waitlist': [201, waitlistEntryFixture({ position: 3 })] },
    );
    renderBox();
    expect(await screen.findByText(groupMessages.seatTaken)).toBeTruthy();
    expect(screen.getByRole('heading', { name: groupMessages.nearestGroups })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Synergie Pro Lyon Part-Dieu' }).getAttribute('href')).toBe(
      '/groupes/lyon-part-dieu',
    );
    fireEvent.click(screen.getByRole('button', { name: groupMessages.joinWaitlist }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/api/groups/g1/waitlist')).toBe(true),
    );
  });

  it('shows the place on the waiting list and leaves it in one click', async () => {
    const calls = member(
      [200, seatStateFixture({ state: 'waiting', waitlist: waitlistEntryFixture({ position: 2 }) })],
      {
        'DELETE /api/me/waitlist/w1': [204],
      },
    );
    renderBox();
    expect(await screen.findByText('Vous êtes 2e sur la liste d’attente')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: groupMessages.leaveWaitlist }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/me/waitlist/w1')).toBe(true),
    );
  });

  it('shows a pending application’s status and withdraws it', async () => {
    const calls = member([200, seatStateFixture({ state: 'applied', applicationId: 'a1' })], {
      'GET /api/me/group': [
        200,
        {
          membership: null,
          group: null,
          groupApplications: [],
          myApplications: [applicationFixture({ userId: 'u1' })],
          myWaitlist: [],
          trade: null,
          mustPickTrade: false,
        },
      ],
      'DELETE /api/me/applications/a1': [204],
    });
    renderBox();
    expect(
      await screen.findByText(
        (_, el) => el?.tagName === 'P' && el.textContent === 'Votre candidature\u00a0: en cours.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/faire objection jusqu’au 1er décembre 2026 à 10 h 00/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retirer ma candidature' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/me/applications/a1')).toBe(true),
    );
  });

  it('says when the member already sits in this group', async () => {
    member([200, seatStateFixture({ state: 'member_here' })]);
    renderBox();
    expect(await screen.findByText('Vous êtes membre de ce groupe au siège Plombier chauffagiste.')).toBeTruthy();
  });

  it('says when the member sits in another group', async () => {
    member([200, seatStateFixture({ state: 'member_elsewhere' })]);
    renderBox();
    expect(await screen.findByText(/Vous êtes déjà membre d’un autre groupe/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mon groupe' }).getAttribute('href')).toBe('/mon-groupe');
  });
});
