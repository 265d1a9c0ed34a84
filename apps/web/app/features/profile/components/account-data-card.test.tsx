import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '~/lib/query-keys';
import { notify } from '~/lib/toast';
import { AccountDataCard } from './account-data-card';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const EMAIL = 'claire.martin@cabinet-martin.fr';

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/profile', element: <AccountDataCard email={EMAIL} /> },
      { path: '/', element: <p>Accueil</p> },
    ],
    { initialEntries: ['/profile'] },
  );
  render(
    <QueryClientProvider client={client}>
      {/* As react-router/dom does in the app: navigate(..., { flushSync }) works. */}
      <RouterProvider router={router} flushSync={(fn) => void flushSync(fn)} />
    </QueryClientProvider>,
  );
  return { client, router };
}

function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
  return screen.getByRole('dialog', { name: 'Supprimer mon compte' });
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('AccountDataCard', () => {
  it('refuses an email that is not the account’s, without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderCard();
    openDialog();
    const field = screen.getByLabelText('Adresse email');
    fireEvent.change(field, { target: { value: 'autre@exemple.fr' } });
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer définitivement' }));
    expect(await screen.findByText('L’email saisi ne correspond pas à votre compte.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('deletes the account, forgets the session and goes home', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/auth/get-session' ? new Response('null') : new Response(JSON.stringify({ ok: true })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { client, router } = renderCard();
    client.setQueryData(queryKeys.me.all, { user: { email: EMAIL } });
    openDialog();
    fireEvent.change(screen.getByLabelText('Adresse email'), { target: { value: `  ${EMAIL.toUpperCase()} ` } });
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer définitivement' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/me');
    expect(init.method).toBe('DELETE');
    expect(JSON.parse(String(init.body))).toEqual({ confirmEmail: EMAIL });
    expect(notify.success).toHaveBeenCalledWith('Votre compte a été supprimé.');
    await waitFor(() => expect(client.getQueryData(['me'])).toBeUndefined());
  });

  it('shows the server’s message when it refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              error: { code: 'CONFIRMATION_MISMATCH', message: 'L’email saisi ne correspond pas à votre compte.' },
            }),
            { status: 400 },
          ),
      ),
    );
    renderCard();
    openDialog();
    fireEvent.change(screen.getByLabelText('Adresse email'), { target: { value: EMAIL } });
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer définitivement' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('L’email saisi ne correspond pas à votre compte.'));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
