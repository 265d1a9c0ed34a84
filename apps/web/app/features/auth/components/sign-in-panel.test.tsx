import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch, sessionAnswer } from '../../../../test/group-fixtures';
import { SignInPanel } from './sign-in-panel';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

// Better Auth's client keeps the fetch it was made with: its SMS calls are replaced here.
const { sendOtp } = vi.hoisted(() => ({
  sendOtp: vi.fn(async (_body: { phoneNumber: string }) => ({ data: { message: 'code sent' }, error: null })),
}));
vi.mock('../lib/auth-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../lib/auth-client')>();
  return { ...actual, authClient: { ...actual.authClient, phoneNumber: { sendOtp, verify: vi.fn() } } };
});

afterEach(() => vi.unstubAllGlobals());

function renderPanel(entry = '/auth') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <SignInPanel />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('SignInPanel: the sign-in methods the server offers', () => {
  it('shows a link per configured provider, which works without scripts', async () => {
    routeFetch({
      'GET /api/auth/get-session': sessionAnswer(null),
      'GET /api/auth-methods': [
        200,
        {
          providers: [
            { id: 'google', name: 'Google' },
            { id: 'oidc', name: 'Annuaire du réseau' },
          ],
          phone: false,
        },
      ],
    });
    renderPanel();
    const link = await screen.findByRole('link', { name: 'Se connecter avec Annuaire du réseau' });
    expect(link.getAttribute('href')).toBe('/api/sign-in/oidc');
    expect(screen.getByRole('link', { name: 'Se connecter avec Google' }).getAttribute('href')).toBe(
      '/api/sign-in/google',
    );
    expect(screen.queryByRole('button', { name: /Téléphone/ })).toBeNull();
  });

  it('shows nothing more when nothing is configured', async () => {
    const calls = routeFetch({
      'GET /api/auth/get-session': sessionAnswer(null),
      'GET /api/auth-methods': [200, { providers: [], phone: false }],
    });
    renderPanel();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth-methods')).toBe(true));
    expect(screen.queryByRole('link', { name: /Se connecter avec/ })).toBeNull();
  });

  it('says why a provider sign-in failed, in French', async () => {
    routeFetch({
      'GET /api/auth/get-session': sessionAnswer(null),
      'GET /api/auth-methods': [200, { providers: [], phone: false }],
    });
    renderPanel('/auth?error=account_not_linked');
    expect((await screen.findByRole('alert')).textContent).toMatch(/ne peut pas être associé automatiquement/);
  });

  it('asks for a phone number, checks it, and sends the code to its E.164 form', async () => {
    routeFetch({
      'GET /api/auth/get-session': sessionAnswer(null),
      'GET /api/auth-methods': [200, { providers: [], phone: true }],
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Téléphone (code par SMS)' }));
    const input = await screen.findByLabelText('Téléphone');
    fireEvent.change(input, { target: { value: '06 12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le code' }));
    expect(await screen.findByText('Numéro de téléphone invalide')).toBeTruthy();
    expect(sendOtp).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '06 12 34 56 78' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le code' }));
    expect(await screen.findByLabelText('Code reçu par SMS')).toBeTruthy();
    expect(screen.getByText('06 12 34 56 78')).toBeTruthy();
    expect(sendOtp).toHaveBeenCalledWith({ phoneNumber: '+33612345678' });
  });
});
