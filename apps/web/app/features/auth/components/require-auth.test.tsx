import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch, sessionAnswer } from '../../../../test/group-fixtures';
import { returnPath } from '../lib/use-leave-when-signed-in';
import { RequireAuth } from './require-auth';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

function AuthPage() {
  const location = useLocation();
  return <p>retour vers {returnPath(location.state)}</p>;
}

describe('RequireAuth', () => {
  it('sends a visitor to sign in, and back to the page with its query (the QR code’s token)', async () => {
    routeFetch({ 'GET /api/auth/get-session': sessionAnswer(null) });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/pointage?jeton=abc.def']}>
          <Routes>
            <Route
              path="/pointage"
              element={
                <RequireAuth>
                  <p>pointage</p>
                </RequireAuth>
              }
            />
            <Route path="/auth" element={<AuthPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('retour vers /pointage?jeton=abc.def')).toBeTruthy();
  });
});
