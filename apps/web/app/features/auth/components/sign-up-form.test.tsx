import { authMessages } from '@synergie/shared/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SignUpForm } from './sign-up-form';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

// The server answers a new address and a known one alike (issue 33): the form can only say that.
const { email } = vi.hoisted(() => ({
  email: vi.fn(async (_body: { email: string }) => ({
    data: { status: true, message: 'Consultez votre boîte de réception' },
    error: null,
  })),
}));
vi.mock('../lib/auth-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../lib/auth-client')>();
  return { ...actual, authClient: { ...actual.authClient, signUp: { email } } };
});

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SignUpForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('SignUpForm', () => {
  it.each(['nouvelle@exemple.fr', 'deja-membre@exemple.fr'])(
    'says to look in the mailbox, whatever the address (%s), and signs nobody in',
    async (address) => {
      renderForm();
      fireEvent.input(screen.getByLabelText('Nom complet'), { target: { value: 'Jeanne Martin' } });
      fireEvent.input(screen.getByLabelText('Email'), { target: { value: address } });
      fireEvent.input(screen.getByLabelText('Mot de passe'), { target: { value: 'Motdepasse1' } });
      fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
      const status = await screen.findByRole('status');
      expect(status.textContent).toContain('Consultez votre boîte de réception');
      expect(status.textContent?.replace(/\s/g, ' ')).toContain(authMessages.signUpRequested.replace(/\s/g, ' '));
      expect(email).toHaveBeenLastCalledWith(expect.objectContaining({ email: address, name: 'Jeanne Martin' }));
      expect(screen.queryByText(/Compte créé/)).toBeNull();
    },
  );

  it('refuses a control character in the name with the profile’s message', async () => {
    renderForm();
    fireEvent.input(screen.getByLabelText('Nom complet'), { target: { value: 'Jeanne\u0007Martin' } });
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'a@exemple.fr' } });
    fireEvent.input(screen.getByLabelText('Mot de passe'), { target: { value: 'Motdepasse1' } });
    email.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByText(/caractères non autorisés/)).toBeTruthy();
    expect(email).not.toHaveBeenCalled();
  });
});
