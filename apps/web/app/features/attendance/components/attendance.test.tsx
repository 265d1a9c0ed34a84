import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type * as React from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../../test/group-fixtures';
import { AttendanceMeetings } from './attendance-meetings';
import { AttendancePageView } from './attendance-page-view';
import { CheckinView } from './checkin-view';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
// The camera reads the code it is given (the scanner's own states: components/qr-scanner.test.tsx).
const camera = vi.hoisted(() => ({ code: '' }));
vi.mock('@zxing/browser', () => ({
  BrowserQRCodeReader: class {
    async decodeFromConstraints(_c: unknown, _v: unknown, callback: (...args: unknown[]) => void) {
      const controls = { stop: () => {} };
      setTimeout(() => callback({ getText: () => camera.code }, undefined, controls), 0);
      return controls;
    }
  },
}));

function renderWith(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('CheckinView', () => {
  it('checks in with the token on a click and says so in French', async () => {
    const calls = routeFetch({
      'POST /api/checkin': [
        201,
        {
          meetingId: 'm1',
          groupId: 'g1',
          groupName: 'Synergie Lyon',
          status: 'present',
          checkedInAt: '2026-11-25T06:55:00.000Z',
        },
      ],
    });
    renderWith(<CheckinView token="abc.def" />);
    fireEvent.click(screen.getByRole('button', { name: 'Pointer ma présence' }));
    expect(await screen.findByText(/^Votre présence est enregistrée\. Bonne réunion/)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/checkin')).toEqual([
      { method: 'POST', path: '/api/checkin', body: { token: 'abc.def', scannedAt: expect.any(String) } },
    ]);
  });

  it('shows the refusal of the server', async () => {
    routeFetch({
      'POST /api/checkin': [
        409,
        { error: { code: 'ALREADY_CHECKED_IN', message: 'Votre présence est déjà enregistrée pour cette réunion.' } },
      ],
    });
    renderWith(<CheckinView token="abc.def" />);
    fireEvent.click(screen.getByRole('button', { name: 'Pointer ma présence' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Votre présence est déjà enregistrée pour cette réunion.',
    );
  });

  it('without a token, scans the code in the page and checks in with the token it reads', async () => {
    vi.stubGlobal('isSecureContext', true);
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn() } });
    camera.code = `${window.location.origin}/pointage?jeton=lu.au.scan`;
    const calls = routeFetch({
      'POST /api/checkin': [
        201,
        {
          meetingId: 'm1',
          groupId: 'g1',
          groupName: 'Synergie Lyon',
          status: 'late',
          checkedInAt: '2026-11-25T07:15:00.000Z',
        },
      ],
    });
    renderWith(<CheckinView token="" />);
    expect(screen.getByText(/Scannez le QR code affiché par le secrétaire/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Scanner le QR code' }));
    expect(await screen.findByText(/^Votre présence est enregistrée \(en retard\)/)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/checkin')).toEqual([
      { method: 'POST', path: '/api/checkin', body: { token: 'lu.au.scan', scannedAt: expect.any(String) } },
    ]);
  });
});

const entry = (userId: string, name: string, status: string | null = null) => ({
  userId,
  name,
  image: null,
  trade: 'Plombier',
  status,
  substituteName: null,
  source: status ? 'qr' : null,
  checkedInAt: status ? '2026-11-25T06:55:00.000Z' : null,
});

describe('AttendancePageView', () => {
  it('shows the QR code and the list; a status is saved, `Remplacé` asks the name first', async () => {
    const base = '/api/groups/g1/meetings/m1';
    const calls = routeFetch({
      'GET /api/group-pages/lyon': [200, { group: { id: 'g1', name: 'Synergie Lyon', slug: 'lyon' } }],
      [`GET ${base}/attendance`]: [
        200,
        {
          meeting: {
            id: 'm1',
            groupId: 'g1',
            startsAt: '2026-11-25T07:00:00.000Z',
            endsAt: '2026-11-25T08:30:00.000Z',
            place: 'Lyon',
            status: 'scheduled',
          },
          absenceThreshold: 3,
          remoteCountsAsPresent: true,
          members: [entry('u1', 'Marie Dupont', 'present'), entry('u2', 'Paul Martin')],
        },
      ],
      [`GET ${base}/checkin-code`]: [
        200,
        {
          meetingId: 'm1',
          url: 'http://x/pointage?jeton=t',
          svg: '<svg></svg>',
          expiresAt: '2026-11-25T07:02:00.000Z',
          refreshSeconds: 60,
        },
      ],
      [`PUT ${base}/attendance/u2`]: (body) => [
        200,
        { ...entry('u2', 'Paul Martin'), ...(body as object), source: 'secretary' },
      ],
    });
    renderWith(<AttendancePageView slug="lyon" meetingId="m1" notFound={<p>Introuvable</p>} />);
    const qr = (await screen.findByRole('img')) as HTMLImageElement;
    expect(qr.src.startsWith('data:image/svg+xml')).toBe(true);
    expect(screen.getByText('1 présent sur 2 membres')).toBeTruthy();
    const select = screen.getByLabelText('Paul Martin') as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'substituted' } });
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Indiquez le nom de la personne qui a remplacé ce membre')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Nom du remplaçant'), { target: { value: 'Luc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        { method: 'PUT', path: `${base}/attendance/u2`, body: { status: 'substituted', substituteName: 'Luc' } },
      ]),
    );
    fireEvent.change(screen.getByLabelText('Paul Martin'), { target: { value: 'excused' } });
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]?.body).toEqual({ status: 'excused', substituteName: null });
  });

  it.each([
    [true, '2 présents sur 3 membres'],
    [false, '1 présent sur 3 membres'],
  ])('offers `À distance` and counts it by the group’s rule (%s)', async (remoteCountsAsPresent, countText) => {
    const base = '/api/groups/g1/meetings/m1';
    routeFetch({
      'GET /api/group-pages/lyon': [200, { group: { id: 'g1', name: 'Synergie Lyon', slug: 'lyon' } }],
      [`GET ${base}/attendance`]: [
        200,
        {
          meeting: {
            id: 'm1',
            groupId: 'g1',
            startsAt: '2026-11-25T07:00:00.000Z',
            endsAt: '2026-11-25T08:30:00.000Z',
            place: 'Lyon',
            status: 'scheduled',
          },
          absenceThreshold: 3,
          remoteCountsAsPresent,
          members: [
            entry('u1', 'Marie Dupont', 'present'),
            { ...entry('u2', 'Paul Martin', 'remote'), source: 'connected' },
            entry('u3', 'Léa Absente', 'absent'),
          ],
        },
      ],
      [`GET ${base}/checkin-code`]: [409, { error: { code: 'CHECKIN_CLOSED', message: 'Fermé' } }],
    });
    renderWith(<AttendancePageView slug="lyon" meetingId="m1" notFound={<p>Introuvable</p>} />);
    expect(await screen.findByText(countText)).toBeTruthy();
    const select = screen.getByLabelText('Paul Martin') as HTMLSelectElement;
    expect(select.value).toBe('remote');
    expect(within(select).getByRole('option', { name: 'À distance' })).toBeTruthy();
    expect(screen.getByText(/^Connecté à distance à/)).toBeTruthy();
  });

  it('tells a member who is not a leader that the page is for leaders', async () => {
    routeFetch({
      'GET /api/group-pages/lyon': [200, { group: { id: 'g1', name: 'Synergie Lyon', slug: 'lyon' } }],
      'GET /api/groups/g1/meetings/m1/attendance': [403, { error: { code: 'FORBIDDEN', message: 'Accès refusé' } }],
    });
    renderWith(<AttendancePageView slug="lyon" meetingId="m1" notFound={<p>Introuvable</p>} />);
    expect(await screen.findByText(/réservée aux responsables du groupe/)).toBeTruthy();
  });
});

describe('AttendanceMeetings', () => {
  it('links each meeting to its attendance page and saves the absence threshold', async () => {
    const calls = routeFetch({
      'GET /api/groups/g1/attendance/meetings': [
        200,
        {
          absenceThreshold: 3,
          meetings: [
            {
              id: 'm1',
              startsAt: '2026-11-25T07:00:00.000Z',
              endsAt: '2026-11-25T08:30:00.000Z',
              status: 'scheduled',
              recorded: 5,
              present: 4,
            },
          ],
        },
      ],
      'PUT /api/groups/g1/settings/absence-threshold': (body) => [200, body],
    });
    renderWith(<AttendanceMeetings groupId="g1" slug="lyon" />);
    const link = await screen.findByRole('link', { name: /^Réunion du 25 novembre 2026/ });
    expect(link.getAttribute('href')).toBe('/groupes/lyon/reunions/m1/presence');
    expect(screen.getByText('4 présents, 5 notés')).toBeTruthy();
    const input = screen.getByLabelText('Seuil d’alerte d’absences') as HTMLInputElement;
    expect(input.value).toBe('3');
    fireEvent.change(input, { target: { value: '30' } });
    expect(screen.getByRole('alert').textContent).toBe('Indiquez un nombre entier de 1 à 26.');
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Seuil enregistré.')).toBeTruthy();
    expect(calls.at(-1)).toEqual({
      method: 'PUT',
      path: '/api/groups/g1/settings/absence-threshold',
      body: { threshold: 5 },
    });
  });
});
