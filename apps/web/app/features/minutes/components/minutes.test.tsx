import type { MeetingMinutes } from '@synergie/shared/minutes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type * as React from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../../test/group-fixtures';
import { MeetingMinutesSection } from './meeting-minutes-section';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const LAZY = { timeout: 5000 };
const MEETING = '7d1c1a52-3f0e-4a53-9a3b-2c8f1f3e9a01';
const GROUP = '1f2a3b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b';

function minutes(overrides: Partial<MeetingMinutes> = {}): MeetingMinutes {
  return {
    meetingId: MEETING,
    content: {
      meeting: {
        id: MEETING,
        groupId: GROUP,
        groupName: 'Synergie Pro Lyon Confluence',
        startsAt: '2026-12-01T06:00:00.000Z',
        endsAt: '2026-12-01T07:30:00.000Z',
        place: '12 quai Rambaud, 69002 Lyon',
        dateInWords: 'mardi 1er décembre 2026',
      },
      attendance: {
        remoteCountsAsPresent: true,
        present: [
          { id: 'u1', name: 'Alice Avocate' },
          { id: 'u2', name: 'Bruno Plombier' },
        ],
        remote: [{ id: 'u3', name: 'Chloé Comptable' }],
        late: [],
        absent: [{ id: 'u4', name: 'Denis Notaire' }],
        excused: [],
        substituted: [{ id: 'u5', name: 'Emma Fleuriste', substituteName: 'Hugo Remplaçant' }],
      },
      recommendations: [{ id: '0b6f0c2e-1d44-4c1f-9a55-5d4f5c0a1b2c', giverName: 'Alice Avocate', receiverName: null }],
      visitors: [{ name: 'Camille Rousseau', company: 'Rousseau Paysages' }],
      businessThanked: [
        {
          id: '0b6f0c2e-1d44-4c1f-9a55-5d4f5c0a1b2d',
          giverName: 'Alice Avocate',
          receiverName: 'Bruno Plombier',
          amountCents: 150_000,
        },
      ],
      nextPresenter: { name: 'Bruno Plombier', meetingStartsAt: '2026-12-08T06:00:00.000Z' },
      notes: null,
    },
    version: 1,
    generatedAt: '2026-12-01T07:31:00.000Z',
    lockedAt: '2099-12-03T07:31:00.000Z',
    correctedAt: null,
    correctedBy: null,
    canCorrect: false,
    pdfUrl: `/api/meetings/${MEETING}/minutes.pdf`,
    ...overrides,
  };
}

function renderSection(element: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
}

const GET = `GET /api/meetings/${MEETING}/minutes`;
const PUT = `PUT /api/groups/${GROUP}/meetings/${MEETING}/minutes`;

afterEach(() => vi.unstubAllGlobals());

describe('the minutes on the meeting page', () => {
  it('shows nothing before they exist', async () => {
    const calls = routeFetch({
      [GET]: [404, { error: { code: 'MINUTES_NOT_FOUND', message: 'Pas encore disponible.' } }],
    });
    renderSection(<MeetingMinutesSection meetingId={MEETING} groupId={GROUP} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Compte rendu' })).toBeNull();
  });

  it('shows the content and the PDF, without the form for a member', async () => {
    routeFetch({ [GET]: [200, minutes()] });
    renderSection(<MeetingMinutesSection meetingId={MEETING} groupId={GROUP} />);
    expect(await screen.findByRole('heading', { name: 'Compte rendu' })).toBeTruthy();
    expect(screen.getByText('Présents (2)')).toBeTruthy();
    expect(screen.getByText('Alice Avocate, Bruno Plombier')).toBeTruthy();
    expect(screen.getByText('Emma Fleuriste (remplacé par Hugo Remplaçant)')).toBeTruthy();
    expect(screen.getByText('Alice Avocate → Ancien membre')).toBeTruthy();
    expect(screen.getByText('Camille Rousseau, Rousseau Paysages')).toBeTruthy();
    expect(screen.getByText('Bruno Plombier remercie Alice Avocate : 1 500,00 €')).toBeTruthy();
    expect(screen.getByText('Bruno Plombier, mardi 8 décembre 2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Télécharger le PDF' }).getAttribute('href')).toBe(
      `/api/meetings/${MEETING}/minutes.pdf`,
    );
    expect(screen.queryByRole('form', { name: 'Corriger le compte rendu' })).toBeNull();
  });

  it('lets a leader correct it with the version read, and shows a 409 then reloads', async () => {
    let gets = 0;
    const calls = routeFetch({
      [GET]: () => {
        gets += 1;
        return [200, minutes({ canCorrect: true, version: gets === 1 ? 1 : 2 })];
      },
      [PUT]: [
        409,
        {
          error: {
            code: 'MINUTES_STALE',
            message: 'Ce compte rendu a été modifié entre-temps\u00a0: rechargez la page avant de le corriger.',
          },
        },
      ],
    });
    renderSection(<MeetingMinutesSection meetingId={MEETING} groupId={GROUP} />);
    const form = await screen.findByRole('form', { name: 'Corriger le compte rendu' }, LAZY);
    fireEvent.change(within(form).getByLabelText('Points à retenir (facultatif)'), {
      target: { value: 'x'.repeat(4001) },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer la correction' }));
    expect(await within(form).findByText('Les points à retenir ne peuvent pas dépasser 4000 caractères.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Points à retenir (facultatif)'), {
      target: { value: 'Penser au repas.' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer la correction' }));
    expect(await within(form).findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Ce compte rendu a été modifié entre-temps\u00a0: rechargez la page avant de le corriger.',
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      version: 1,
      notes: 'Penser au repas.',
      nextPresenterName: 'Bruno Plombier',
    });
    await waitFor(() => expect(screen.getByText(/^Version 2\./)).toBeTruthy());
  });
});
