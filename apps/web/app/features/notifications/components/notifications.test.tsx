import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type * as React from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch, sessionAnswer } from '../../../../test/group-fixtures';
import { NotificationBell } from './notification-bell';
import { NotificationCentre } from './notification-centre';
import { UnsubscribeView } from './unsubscribe-view';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function renderWith(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

const item = (n: number, read = false) => ({
  id: `n${n}`,
  kind: 'recommendation_received' as const,
  title: `Notification ${n}`,
  body: null,
  link: `/recommandations/${n}`,
  readAt: read ? '2026-11-25T08:00:00.000Z' : null,
  createdAt: '2026-11-25T07:00:00.000Z',
});

describe('NotificationBell', () => {
  it('shows the unread count to a signed-in member, with an accessible label', async () => {
    const calls = routeFetch({
      'GET /api/auth/get-session': sessionAnswer('u1'),
      'GET /api/me/notifications/unread-count': [200, { unread: 3 }],
    });
    renderWith(<NotificationBell />);
    const link = await screen.findByRole('link', { name: 'Notifications\u00a0: 3 notifications non lues' });
    expect(link.getAttribute('href')).toBe('/notifications');
    expect(calls.map((c) => c.path)).not.toContain('/api/me/notifications');
  });

  it('asks nothing and shows nothing to a visitor', async () => {
    const calls = routeFetch({ 'GET /api/auth/get-session': sessionAnswer(null) });
    renderWith(<NotificationBell />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('link')).toBeNull();
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/get-session']);
  });
});

describe('NotificationCentre', () => {
  it('lists, loads more with the cursor, and marks all read', async () => {
    const calls = routeFetch({
      'GET /api/me/notifications': [200, { items: [item(2), item(1, true)], nextCursor: 'c1', unread: 1 }],
      'GET /api/me/notifications?before=c1': [200, { items: [item(0, true)], nextCursor: null, unread: 1 }],
      'POST /api/me/notifications/read': [200, { unread: 0 }],
    });
    renderWith(<NotificationCentre />);
    expect(await screen.findByRole('link', { name: 'Notification 2' })).toBeTruthy();
    expect(screen.getByText('1 notification non lue')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Charger plus' }));
    expect(await screen.findByText('Notification 0')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Charger plus' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Tout marquer comme lu' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ all: true }));
  });
});

describe('UnsubscribeView', () => {
  it('says what the link stops, then POSTs the one-click address and confirms', async () => {
    const info = {
      kind: 'testimonial',
      digest: null,
      kindLabel: 'Témoignage',
      kinds: ['testimonial'],
      frequency: 'immediate',
    };
    const calls = routeFetch({
      'GET /api/notifications/unsubscribe?token=abc.def': [200, info],
      'POST /api/notifications/unsubscribe?token=abc.def': [200, { ...info, frequency: 'never' }],
    });
    renderWith(<UnsubscribeView token="abc.def" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ne plus recevoir d’emails «\u00a0Témoignage\u00a0»' }));
    expect(await screen.findByText(/C’est fait : vous ne recevrez plus d’emails « Témoignage »/)).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/notifications/unsubscribe?token=abc.def');
  });

  it('explains a digest link, and refuses an invalid one in French', async () => {
    routeFetch({
      'GET /api/notifications/unsubscribe?token=dig.est': [
        200,
        { kind: null, digest: 'daily', kindLabel: 'Résumé quotidien', kinds: ['testimonial'], frequency: 'daily' },
      ],
      'GET /api/notifications/unsubscribe?token=bad.bad': [
        400,
        { error: { code: 'UNSUBSCRIBE_INVALID', message: 'Ce lien de désabonnement n’est pas valide.' } },
      ],
    });
    renderWith(<UnsubscribeView token="dig.est" />);
    expect(
      await screen.findByText(/Ce lien arrête le « Résumé quotidien » : les notifications « Témoignage »/),
    ).toBeTruthy();
    renderWith(<UnsubscribeView token="bad.bad" />);
    expect(await screen.findByText('Ce lien de désabonnement n’est pas valide.')).toBeTruthy();
  });
});
