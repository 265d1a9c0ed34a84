import { SERVED_EVENTS_ID } from '@synergie/shared/served-events';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '~/lib/toast';
import { eventItem } from '../../../../test/event-fixtures';
import { EventsBoard } from './events-board';

// /events as the server sends it (decision 0013): the first pages in the document, read by the
// board while the session is still being read. Its own file: the served pages are read once.
vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const event = (overrides: Record<string, unknown> = {}) =>
  eventItem({ title: 'Afterwork des artisans', attendeesCount: 3, placesLeft: 17, ...overrides });

let calls: { method: string; url: string }[] = [];
let answerSession: (userId: string | null) => void = () => {};

beforeEach(() => {
  Object.defineProperty(performance, 'timeOrigin', { value: Date.now(), configurable: true });
  const served = document.createElement('script');
  served.type = 'application/json';
  served.id = SERVED_EVENTS_ID;
  served.textContent = JSON.stringify({
    upcoming: { events: [event()], nextOffset: null },
    past: { events: [], nextOffset: null },
  });
  document.body.append(served);
  calls = [];
  const session = new Promise<string | null>((resolve) => {
    answerSession = resolve;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url });
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url === '/api/auth/get-session') {
        const userId = await session;
        return json(
          200,
          userId
            ? {
                user: { id: userId, email: 'm@example.test', name: 'Membre', emailVerified: true },
                session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
              }
            : null,
        );
      }
      if (url === '/api/events?when=upcoming&offset=0') return json(200, { events: [event()], nextOffset: null });
      if (url === '/api/events?when=past&offset=0') return json(200, { events: [], nextOffset: null });
      if (method === 'POST' && url === '/api/events/e1/registration') return json(200, event({ isRegistered: true }));
      return json(404, { error: { code: 'NOT_FOUND', message: 'Introuvable' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById(SERVED_EVENTS_ID)?.remove();
});

function renderBoard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/events']}>
        <Routes>
          <Route path="/events" element={<EventsBoard />} />
          <Route path="/auth" element={<p>Page de connexion</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the lists served with /events', () => {
  it('shows the served cards at once, and a member’s press made while the session is read waits for it', async () => {
    renderBoard();
    // No skeleton, no list fetched: the served page, while the session is still being read.
    expect(screen.getByRole('heading', { name: 'Afterwork des artisans' })).toBeTruthy();
    expect(screen.queryByText('Chargement des événements…')).toBeNull();
    expect(calls.filter((c) => c.url.startsWith('/api/events'))).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'S’inscrire' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    answerSession('u1');
    // The member is signed in: the press registers them, it does not send them to sign in.
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/events/e1/registration')).toBe(true),
    );
    expect(screen.queryByText('Page de connexion')).toBeNull();
    expect(vi.mocked(notify.error)).not.toHaveBeenCalled();
  });
});
