import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch, sessionAnswer } from '../../../../test/group-fixtures';
import { PhoneNumberCard } from './phone-number-card';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

// Better Auth's client keeps the fetch it was made with: its SMS calls are replaced here.
const { sendOtp, verify } = vi.hoisted(() => ({
  sendOtp: vi.fn(async (_body: { phoneNumber: string }) => ({ data: { message: 'code sent' }, error: null })),
  verify: vi.fn(async (_body: object) => ({ data: { status: true }, error: null })),
}));
vi.mock('../lib/auth-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../lib/auth-client')>();
  return { ...actual, authClient: { ...actual.authClient, phoneNumber: { sendOtp, verify } } };
});

afterEach(() => vi.unstubAllGlobals());

describe('PhoneNumberCard', () => {
  it('adds a number with the code sent to it', async () => {
    routeFetch({ 'GET /api/auth/get-session': sessionAnswer('u1') });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PhoneNumberCard />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Aucun numéro enregistré.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Téléphone'), { target: { value: '06 12 34 56 78' } });
    fireEvent.click(screen.getByRole('button', { name: 'Recevoir un code' }));
    const code = await screen.findByLabelText('Code reçu au 06 12 34 56 78');
    expect(sendOtp).toHaveBeenCalledWith({ phoneNumber: '+33612345678' });
    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer le numéro' }));
    await waitFor(() =>
      expect(verify).toHaveBeenCalledWith({ phoneNumber: '+33612345678', code: '123456', updatePhoneNumber: true }),
    );
  });
});
