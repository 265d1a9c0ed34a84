import type { MeetingDetail, MeetingSummary } from '@synergie/shared/meetings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type * as React from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../../test/group-fixtures';
import { parisToIso } from '../lib/paris';
import { GroupMeetings } from './group-meetings';
import { LeaderMeetings } from './leader-meetings';
import { MeetingView } from './meeting-view';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const LAZY = { timeout: 5000 };

function summary(overrides: Partial<MeetingSummary> = {}): MeetingSummary {
  return {
    id: 'm1',
    groupId: 'g1',
    groupName: 'Synergie Pro Lyon Confluence',
    groupSlug: 'lyon-confluence',
    scheduledOn: '2026-12-01',
    startsAt: '2026-12-01T06:00:00.000Z',
    endsAt: '2026-12-01T07:30:00.000Z',
    place: '12 quai Rambaud, 69002 Lyon',
    status: 'scheduled',
    moved: false,
    changeMessage: null,
    presenter: null,
    ...overrides,
  };
}

function detail(overrides: Partial<MeetingDetail> = {}): MeetingDetail {
  return {
    ...summary(),
    canManage: false,
    visioUrl: null,
    ownVisioUrl: null,
    agenda: {
      round: [
        { id: 'u1', name: 'Alice Avocate', trade: 'Avocat' },
        { id: 'u2', name: 'Bruno Plombier', trade: 'Plombier chauffagiste' },
      ],
      recommendations: {
        count: 1,
        items: [
          {
            id: '0b6f0c2e-1d44-4c1f-9a55-5d4f5c0a1b2c',
            giverName: 'Alice Avocate',
            receiverName: 'Bruno Plombier',
            status: 'received',
            createdAt: '2026-11-26T08:00:00.000Z',
          },
        ],
      },
      guestsExpected: 2,
    },
    presenter: { id: 'u2', name: 'Bruno Plombier' },
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

describe('meetings', () => {
  it('lists the next meetings with the date in French, the place, and cancelled or moved marked', async () => {
    routeFetch({
      'GET /api/groups/g1/meetings': [
        200,
        {
          meetings: [
            summary(),
            summary({ id: 'm2', startsAt: '2026-12-08T06:00:00.000Z', status: 'cancelled', changeMessage: 'Férié.' }),
            summary({ id: 'm3', startsAt: '2026-12-15T07:00:00.000Z', moved: true, changeMessage: 'Salle changée.' }),
          ],
        },
      ],
    });
    renderAt(<GroupMeetings groupId="g1" />);
    expect(await screen.findByRole('link', { name: 'mardi 1er décembre 2026 à 7\u00a0h\u00a000' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'mardi 1er décembre 2026 à 7\u00a0h\u00a000' }).getAttribute('href')).toBe(
      '/reunions/m1',
    );
    expect(screen.getByText('Annulée')).toBeTruthy();
    expect(screen.getByText('Déplacée')).toBeTruthy();
    expect(screen.getAllByText('12 quai Rambaud, 69002 Lyon')).toHaveLength(3);
  });

  it('shows the agenda and the .ics link', async () => {
    routeFetch({ 'GET /api/meetings/m1': [200, detail()] });
    renderAt(<MeetingView id="m1" notFound={<p>Page introuvable</p>} />);
    expect(await screen.findByRole('heading', { name: 'Ordre du jour' })).toBeTruthy();
    expect(screen.getByText('Alice Avocate')).toBeTruthy();
    expect(screen.getByText('Recommandations passées (1)')).toBeTruthy();
    expect(screen.getByText('Alice Avocate → Bruno Plombier (Reçue)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ajouter à mon agenda' }).getAttribute('href')).toBe(
      '/api/meetings/m1/ics',
    );
  });

  it('a meeting of another group is not found', async () => {
    routeFetch({});
    renderAt(<MeetingView id="m1" notFound={<p>Page introuvable</p>} />);
    expect(await screen.findByText('Page introuvable')).toBeTruthy();
  });

  it('leaders cancel a meeting with a message, checked with the shared rules', async () => {
    const calls = routeFetch({
      'GET /api/groups/g1/meetings': [200, { meetings: [summary()] }],
      'GET /api/meetings/m1': [200, detail({ canManage: true })],
      'PUT /api/groups/g1/meetings/m1': [200, detail({ status: 'cancelled' })],
    });
    renderAt(<LeaderMeetings groupId="g1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Gérer' }));
    const dialog = await screen.findByRole('dialog', {}, LAZY);
    fireEvent.click(within(dialog).getByLabelText('Annuler la réunion'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler la réunion' }));
    expect(await within(dialog).findByText('Écrivez un message aux membres.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Message aux membres'), { target: { value: 'Jour férié.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler la réunion' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeTruthy());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ action: 'cancel', message: 'Jour férié.' });
  });

  it('turns a Paris day and time into the instant, across the clock change', () => {
    expect(parisToIso('2027-03-21', '10:00')).toBe('2027-03-21T09:00:00.000Z');
    expect(parisToIso('2027-03-28', '10:00')).toBe('2027-03-28T08:00:00.000Z');
    expect(parisToIso('', '10:00')).toBe('');
  });
});
