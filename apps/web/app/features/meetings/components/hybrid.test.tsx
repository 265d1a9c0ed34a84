import type { MeetingDetail } from '@synergie/shared/meetings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type * as React from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../../test/group-fixtures';
import { connectOpen, GroupHybridSettings } from './hybrid';
import { MeetingView } from './meeting-view';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

function detail(overrides: Partial<MeetingDetail> = {}): MeetingDetail {
  return {
    id: 'm1',
    groupId: 'g1',
    groupName: 'Synergie Pro Lyon Confluence',
    groupSlug: 'lyon-confluence',
    scheduledOn: '2026-12-01',
    startsAt: minutes(10),
    endsAt: minutes(100),
    place: '12 quai Rambaud, 69002 Lyon',
    status: 'scheduled',
    moved: false,
    changeMessage: null,
    presenter: null,
    canManage: false,
    visioUrl: 'https://visio.example.fr/lyon',
    ownVisioUrl: null,
    agenda: { round: [], recommendations: { count: 0, items: [] }, guestsExpected: 0 },
    ...overrides,
  };
}

function renderAt(element: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('hybrid meetings', () => {
  it('opens the window 30 minutes before the start and closes it at the end', () => {
    const m = {
      startsAt: '2026-12-01T06:00:00.000Z',
      endsAt: '2026-12-01T07:30:00.000Z',
      status: 'scheduled' as const,
    };
    expect(connectOpen(m, Date.parse('2026-12-01T05:29:59.999Z'))).toBe(false);
    expect(connectOpen(m, Date.parse('2026-12-01T05:30:00.000Z'))).toBe(true);
    expect(connectOpen(m, Date.parse('2026-12-01T07:29:59.999Z'))).toBe(true);
    expect(connectOpen(m, Date.parse('2026-12-01T07:30:00.000Z'))).toBe(false);
    expect(connectOpen({ ...m, status: 'cancelled' }, Date.parse('2026-12-01T06:00:00.000Z'))).toBe(false);
  });

  it('offers `Rejoindre la visio` in a new tab and `Je suis connecté`; the answer gets the focus', async () => {
    const calls = routeFetch({
      'GET /api/meetings/m1': [200, detail()],
      'POST /api/meetings/m1/connected': [200, { meetingId: 'm1', status: 'remote', recorded: true }],
    });
    renderAt(<MeetingView id="m1" notFound={<p>Page introuvable</p>} />);
    const link = await screen.findByRole('link', { name: /^Rejoindre la visio/ });
    expect(link.getAttribute('href')).toBe('https://visio.example.fr/lyon');
    expect(link.getAttribute('target')).toBe('_blank');
    fireEvent.click(screen.getByRole('button', { name: 'Je suis connecté' }));
    const done = await screen.findByRole('status');
    expect(done.textContent).toBe('Votre présence à distance est enregistrée. Bonne réunion\u202f!');
    await waitFor(() => expect(document.activeElement).toBe(done));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/api/meetings/m1/connected');
    expect(screen.queryByRole('button', { name: 'Je suis connecté' })).toBeNull();
  });

  it('says when the presence was already recorded', async () => {
    routeFetch({
      'GET /api/meetings/m1': [200, detail()],
      'POST /api/meetings/m1/connected': [200, { meetingId: 'm1', status: 'present', recorded: false }],
    });
    renderAt(<MeetingView id="m1" notFound={<p>Page introuvable</p>} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Je suis connecté' }));
    expect(await screen.findByText('Votre présence est déjà enregistrée pour cette réunion.')).toBeTruthy();
  });

  it('shows no button outside the window, and no link without one', async () => {
    routeFetch({
      'GET /api/meetings/m1': [200, detail({ startsAt: minutes(45), endsAt: minutes(135), visioUrl: null })],
    });
    renderAt(<MeetingView id="m1" notFound={<p>Page introuvable</p>} />);
    expect(await screen.findByRole('heading', { name: 'Ordre du jour' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Je suis connecté' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Rejoindre la visio/ })).toBeNull();
  });

  it('lets leaders set the meeting’s own link and shows the server’s French message', async () => {
    const calls = routeFetch({
      'GET /api/meetings/m1': [200, detail({ canManage: true })],
      'PUT /api/groups/g1/meetings/m1/visio': [
        400,
        {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Certains champs sont invalides.',
            fields: { visioUrl: 'Indiquez une adresse web valide (https://…).' },
          },
        },
      ],
    });
    renderAt(<MeetingView id="m1" notFound={<p>Page introuvable</p>} />);
    fireEvent.change(await screen.findByLabelText('Lien de la visio de cette réunion'), {
      target: { value: 'pas une adresse' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Indiquez une adresse web valide (https://…).')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ visioUrl: 'pas une adresse' });
  });

  it('lets leaders set the group’s link and rule', async () => {
    const calls = routeFetch({
      'GET /api/groups/g1/hybrid': [200, { visioUrl: null, remoteCountsAsPresent: true }],
      'PUT /api/groups/g1/hybrid': [200, { visioUrl: 'https://visio.example.fr/g1', remoteCountsAsPresent: false }],
    });
    renderAt(<GroupHybridSettings groupId="g1" />);
    fireEvent.change(await screen.findByLabelText('Lien de la visio des réunions du groupe'), {
      target: { value: 'https://visio.example.fr/g1' },
    });
    fireEvent.click(screen.getByLabelText('Une présence à distance compte comme une présence'));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeTruthy());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      visioUrl: 'https://visio.example.fr/g1',
      remoteCountsAsPresent: false,
    });
  });
});
