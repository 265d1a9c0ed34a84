import { groupMessages } from '@synergie/shared/group-constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type * as React from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applicationFixture, routeFetch, sessionAnswer, waitlistEntryFixture } from '../../../../test/group-fixtures';
import { GroupApplications, WaitlistPlace } from './my-group-view';

// Loaded up front: the page imports it lazily, and a cold import may outlast a test's timeout.
import './objection-dialog';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function renderWith(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Dialogs and forms load on first use (lazy): the first one may take a moment. */
const LAZY = { timeout: 5000 };

afterEach(() => vi.unstubAllGlobals());

describe('WaitlistPlace', () => {
  it('words the position the French way: 1er, 2e', () => {
    expect(groupMessages.waitlistPosition(1)).toBe('Vous êtes 1er sur la liste d’attente');
    routeFetch({});
    renderWith(<WaitlistPlace entry={waitlistEntryFixture({ position: 2 })} />);
    expect(screen.getByText('Vous êtes 2e sur la liste d’attente')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accepter le siège' })).toBeNull();
  });

  it('shows an open offer’s expiry and takes the seat', async () => {
    const calls = routeFetch({ 'POST /api/me/waitlist/w1/accept': [204] });
    renderWith(
      <WaitlistPlace
        entry={waitlistEntryFixture({ status: 'offered', position: 1, offerExpiresAt: '2026-12-02T17:30:00.000Z' })}
      />,
    );
    expect(screen.getByText('Le siège vous est proposé jusqu’au 2 décembre 2026 à 18 h 30.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refuser' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accepter le siège' }));
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/me/waitlist/w1/accept'));
  });

  it('shows the French refusal of a closed offer', async () => {
    routeFetch({
      'POST /api/me/waitlist/w1/decline': [
        409,
        { error: { code: 'OFFER_CLOSED', message: 'Cette offre de siège n’est plus valable.' } },
      ],
    });
    renderWith(
      <WaitlistPlace
        entry={waitlistEntryFixture({ status: 'offered', position: 1, offerExpiresAt: '2026-12-02T17:30:00.000Z' })}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Refuser' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Cette offre de siège n’est plus valable.');
  });
});

describe('GroupApplications: the objection dialog', () => {
  it('asks for a reason, sends it, and shows the server refusal in the dialog', async () => {
    let answer: [number, unknown] = [
      409,
      { error: { code: 'ALREADY_OBJECTED', message: 'Vous avez déjà fait objection à cette candidature.' } },
    ];
    const calls = routeFetch({
      'GET /api/auth/get-session': sessionAnswer('u1'),
      'POST /api/groups/g1/applications/a1/objections': () => answer as [number, unknown],
    });
    renderWith(<GroupApplications applications={[applicationFixture()]} />);
    expect(screen.getByText(groupMessages.application)).toBeTruthy();
    expect(screen.getByText('Période d’objection jusqu’au 1er décembre 2026 à 10 h 00')).toBeTruthy();
    fireEvent.click(
      await screen.findByRole('button', { name: `${groupMessages.objection} à la candidature de Anne Avocate` }),
    );

    const dialog = await screen.findByRole('dialog', { name: `${groupMessages.objection}\u00a0: Anne Avocate` }, LAZY);
    const reason = within(dialog).getByLabelText('Raison de l’objection');
    await waitFor(() => expect(document.activeElement).toBe(reason));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer l’objection' }));
    expect(await within(dialog).findByText(/La raison doit contenir au moins 5 caractères/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(reason, { target: { value: 'Elle travaille déjà avec notre avocat.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer l’objection' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Vous avez déjà fait objection à cette candidature.',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Elle travaille déjà avec notre avocat.' });

    answer = [201, { id: 'o1' }];
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer l’objection' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so once the member objected, and never offers to object to their own application', async () => {
    routeFetch({ 'GET /api/auth/get-session': sessionAnswer('u2') });
    renderWith(
      <GroupApplications
        applications={[
          applicationFixture({ id: 'a1', objectedByViewer: true }),
          applicationFixture({ id: 'a2', userId: 'u2' }),
        ]}
      />,
    );
    expect(screen.getByText('Vous avez fait objection à cette candidature.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Objection/ })).toBeNull());
  });
});
