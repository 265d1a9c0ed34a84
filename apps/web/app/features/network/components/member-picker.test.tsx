import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../../test/group-fixtures';
import { MemberPicker, type PickedMember } from './member-picker';

const card = (userId: string, fullName: string, avatarUrl: string | null = null) => ({
  userId,
  fullName,
  companyName: 'Atelier',
  avatarUrl,
  profession: null,
  industry: null,
  city: 'Rennes',
  trade: { id: 't1', label: 'Plombier chauffagiste', slug: 'plombier', family: 'batiment' },
});

const SEARCH = 'GET /api/members?q=bruno&pageSize=8';

function Form({ initial = null }: { initial?: PickedMember | null }) {
  const [member, setMember] = useState<PickedMember | null>(initial);
  return (
    <>
      <MemberPicker viewerId="u1" value={member} onChange={setMember} searchLabel="Rechercher un membre par son nom" />
      <span data-testid="chosen">{member?.userId ?? ''}</span>
    </>
  );
}

function renderPicker(initial?: PickedMember | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Form initial={initial} />
    </QueryClientProvider>,
  );
}

const search = (text: string) =>
  fireEvent.change(screen.getByLabelText('Rechercher un membre par son nom'), { target: { value: text } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MemberPicker', () => {
  it('asks after 2 letters and a pause, never lists the viewer, and reads out the count', async () => {
    const calls = routeFetch({
      [SEARCH]: [
        200,
        { members: [card('u1', 'Moi-même'), card('u2', 'Bruno Plombier')], total: 2, page: 1, pageSize: 8 },
      ],
    });
    renderPicker();
    expect(screen.getByRole('status').textContent).toBe(
      'Tapez au moins 2 lettres du nom, du métier ou de l’entreprise.',
    );
    search('b');
    search('bruno');
    expect(await screen.findByRole('button', { name: 'Choisir Bruno Plombier' }, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Choisir Moi-même' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('1 membre trouvé.');
    expect(calls.map((c) => c.path)).toEqual(['/api/members?q=bruno&pageSize=8']);
  });

  it('moves focus to the chosen member, then back to an empty field after `Changer de membre`', async () => {
    routeFetch({ [SEARCH]: [200, { members: [card('u2', 'Bruno Plombier')], total: 1, page: 1, pageSize: 8 }] });
    renderPicker();
    search('bruno');
    fireEvent.click(await screen.findByRole('button', { name: 'Choisir Bruno Plombier' }, { timeout: 3000 }));
    const summary = screen.getByText(
      (_, element) => element?.tagName === 'P' && element.textContent === 'Membre choisi\u00a0: Bruno Plombier',
    );
    expect(document.activeElement).toBe(summary);
    expect(screen.getByText('Plombier chauffagiste · Atelier · Rennes')).toBeTruthy();
    expect(screen.getByTestId('chosen').textContent).toBe('u2');
    fireEvent.click(screen.getByRole('button', { name: 'Changer de membre' }));
    const field = screen.getByLabelText('Rechercher un membre par son nom') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.value).toBe('');
    expect(screen.getByTestId('chosen').textContent).toBe('');
  });

  it('shows a member given by the page without moving focus, and says when the search failed', async () => {
    routeFetch({ [SEARCH]: [500, { error: { code: 'INTERNAL', message: 'Erreur interne' } }] });
    renderPicker({ userId: 'u2', fullName: 'Bruno Plombier', detail: null });
    expect(
      screen.getByText(
        (_, element) => element?.tagName === 'P' && element.textContent === 'Membre choisi\u00a0: Bruno Plombier',
      ),
    ).toBeTruthy();
    expect(document.activeElement).toBe(document.body);
    fireEvent.click(screen.getByRole('button', { name: 'Changer de membre' }));
    search('bruno');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('La recherche a échoué. Réessayez.'), {
      timeout: 3000,
    });
  });
});
