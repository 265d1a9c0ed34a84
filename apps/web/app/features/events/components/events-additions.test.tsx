import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type * as React from 'react';
import { MemoryRouter, Route, Routes as RouteSwitch } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventItem } from '../../../../test/event-fixtures';
import { routeFetch, sessionAnswer } from '../../../../test/group-fixtures';
import { CheckinView } from './checkin-view';
import { EventsBoard } from './events-board';
import { GroupEvents } from './group-events';

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

const event = eventItem;

type Routes = Parameters<typeof routeFetch>[0];

const lists = (upcoming: unknown[]): Routes => ({
  'GET /api/auth/get-session': sessionAnswer('u1'),
  'GET /api/events?when=upcoming&offset=0': [200, { events: upcoming, nextOffset: null }],
  'GET /api/events?when=past&offset=0': [200, { events: [], nextOffset: null }],
});

describe('the waiting list on /events', () => {
  it('offers `Liste d’attente` on a full event and joins it', async () => {
    const calls = routeFetch({
      ...lists([event()]),
      'POST /api/events/e1/waitlist': [200, event({ waitlistPosition: 1 })],
    });
    renderWith(<EventsBoard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Liste d’attente' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/api/events/e1/waitlist')).toBe(true),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ guests: 0 });
  });

  it('shows the position and lets the member leave the line', async () => {
    const calls = routeFetch({
      ...lists([event({ waitlistPosition: 2 })]),
      'DELETE /api/events/e1/waitlist': [200, event()],
    });
    renderWith(<EventsBoard />);
    expect(await screen.findByText('Vous êtes n° 2 sur la liste d’attente')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Quitter la liste d’attente' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('asks the number of guests when the organizer allows `+1`', async () => {
    const calls = routeFetch({
      ...lists([event({ placesLeft: 5, attendeesCount: 15, maxGuestsPerRegistration: 2 })]),
      'POST /api/events/e1/registration': [200, event({ isRegistered: true, myGuests: 2 })],
    });
    renderWith(<EventsBoard />);
    fireEvent.click(await screen.findByRole('button', { name: 'S’inscrire' }));
    const select = await screen.findByLabelText('Nombre d’invités');
    fireEvent.change(select, { target: { value: '2' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'S’inscrire' }).at(-1) as HTMLElement);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/events/e1/registration')?.body).toEqual({
        guests: 2,
      }),
    );
  });

  it('shows the organizer’s check-in QR code', async () => {
    routeFetch(lists([event({ isOwn: true, placesLeft: 3 })]));
    renderWith(<EventsBoard />);
    fireEvent.click(await screen.findByRole('button', { name: 'QR code de pointage de «\u00a0Afterwork\u00a0»' }));
    const img = await screen.findByRole('img', { name: 'QR code de pointage de l’événement «\u00a0Afterwork\u00a0»' });
    expect(img.getAttribute('src')).toBe('/api/events/e1/checkin-code');
  });
});

describe('/events/pointage', () => {
  it('checks the member in with the token', async () => {
    const calls = routeFetch({
      'GET /api/auth/get-session': sessionAnswer('u1'),
      'POST /api/events/checkin': (body) =>
        (body as { token: string }).token === 'bon'
          ? [200, { eventId: 'e1', title: 'Afterwork', checkedInAt: '2026-11-25T18:00:00.000Z' }]
          : [
              409,
              {
                error: {
                  code: 'EVENT_ALREADY_CHECKED_IN',
                  message: 'Votre présence est déjà pointée pour cet événement.',
                },
              },
            ],
    });
    renderWith(<CheckinView token="bon" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pointer ma présence' }));
    expect(await screen.findByText('Votre présence est pointée. Bon événement !')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ token: 'bon' });
  });

  it('without a token, scans the organizer’s code and checks in; a meeting’s code opens /pointage', async () => {
    vi.stubGlobal('isSecureContext', true);
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn() } });
    camera.code = `${window.location.origin}/events/pointage?jeton=lu`;
    const calls = routeFetch({
      'GET /api/auth/get-session': sessionAnswer('u1'),
      'POST /api/events/checkin': [200, { eventId: 'e1', title: 'Afterwork', checkedInAt: '2026-11-25T18:00:00.000Z' }],
    });
    renderWith(<CheckinView token="" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Scanner le QR code' }));
    expect(await screen.findByText('Votre présence est pointée. Bon événement !')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ token: 'lu' });

    cleanup();
    camera.code = `${window.location.origin}/pointage?jeton=reunion`;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/events/pointage']}>
          <RouteSwitch>
            <Route path="/events/pointage" element={<CheckinView token="" />} />
            <Route path="/pointage" element={<p>Page du pointage de réunion</p>} />
          </RouteSwitch>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Scanner le QR code' }));
    expect(await screen.findByText('Page du pointage de réunion')).toBeTruthy();
  });

  it('shows the refusal', async () => {
    routeFetch({
      'GET /api/auth/get-session': sessionAnswer('u1'),
      'POST /api/events/checkin': [
        409,
        { error: { code: 'EVENT_ALREADY_CHECKED_IN', message: 'Votre présence est déjà pointée pour cet événement.' } },
      ],
    });
    renderWith(<CheckinView token="deja" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pointer ma présence' }));
    expect(await screen.findByText('Votre présence est déjà pointée pour cet événement.')).toBeTruthy();
  });
});

describe('a group’s events on its page', () => {
  it('lists the upcoming ones with their places left, or says there are none', () => {
    renderWith(<GroupEvents events={[event({ title: 'Soirée du groupe', placesLeft: 4 }) as never]} />);
    expect(screen.getByRole('heading', { name: 'Prochains événements' })).toBeTruthy();
    expect(screen.getByText('Soirée du groupe')).toBeTruthy();
    expect(screen.getByText('4 places restantes')).toBeTruthy();
  });

  it('says when none is planned', () => {
    renderWith(<GroupEvents events={[]} />);
    expect(screen.getByText('Aucun événement du groupe n’est prévu pour le moment.')).toBeTruthy();
  });
});
