import { visitMessages } from '@synergie/shared/visits';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

import { routeFetch } from '../../../../test/group-fixtures';
import { GroupVisitors } from './group-visitors';
import { VisitView } from './visit-view';

afterEach(() => vi.unstubAllGlobals());

/** As Testing Library reads the page: every run of spaces (no-break ones too) as one space. */
const norm = (text: string) => text.replace(/\s+/g, ' ');

function renderWith(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const trade = { id: '22222222-2222-4222-8222-222222222222', label: 'Traducteur' };
const meeting = {
  id: '11111111-1111-4111-8111-111111111111',
  startsAt: '2026-12-01T06:00:00.000Z',
  endsAt: '2026-12-01T07:30:00.000Z',
  place: '1 place Bellecour, Lyon',
  visioUrl: 'https://visio.exemple.fr/lyon',
};
const page = {
  group: { name: 'Synergie Pro Lyon', slug: 'lyon', city: 'Lyon' },
  meeting,
  inviterName: null,
  url: 'http://localhost/groupes/lyon/visiter',
  qrSvg: '<svg/>',
};

describe('VisitView', () => {
  it('removes the served block, refuses without consent, then registers and shows the seat and the .ics', async () => {
    const served = document.createElement('section');
    served.id = 'visite-servie';
    document.body.append(served);
    const calls = routeFetch({
      'GET /api/groups/lyon/visit': [200, page],
      'GET /api/trades': [200, { trades: [trade] }],
      'POST /api/groups/lyon/visits': [
        201,
        {
          group: { name: 'Synergie Pro Lyon', slug: 'lyon' },
          meeting,
          icsUrl: '/api/invitation/ics?jeton=abc',
          alreadyRegistered: false,
          seat: { tradeLabel: trade.label, free: true, nearestGroups: [] },
          visits: 3,
          apply: true,
          applyUrl: '/groupes/lyon#candidature',
          inviterName: null,
        },
      ],
    });
    renderWith(<VisitView slug="lyon" invite="" notFound={<p>Introuvable</p>} />);
    expect(await screen.findByRole('heading', { name: visitMessages.pageTitle('Synergie Pro Lyon') })).toBeTruthy();
    expect(document.getElementById('visite-servie')).toBeNull();
    expect(screen.getByText('https://visio.exemple.fr/lyon')).toBeTruthy();
    await screen.findByRole('option', { name: 'Traducteur' });
    fireEvent.change(screen.getByLabelText('Nom complet'), { target: { value: 'Léa Fontaine' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'lea@exemple.fr' } });
    fireEvent.change(screen.getByLabelText('Métier'), { target: { value: trade.id } });
    fireEvent.click(screen.getByRole('button', { name: visitMessages.submit }));
    expect(await screen.findByText(norm(visitMessages.consentRequired))).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: visitMessages.submit }));
    expect(await screen.findByText(norm(visitMessages.registered))).toBeTruthy();
    expect(screen.getByText(norm(visitMessages.seatFree('Traducteur')))).toBeTruthy();
    expect(screen.getByRole('link', { name: visitMessages.applyLink }).getAttribute('href')).toBe(
      '/groupes/lyon#candidature',
    );
    expect(screen.getByRole('link', { name: visitMessages.ics }).getAttribute('href')).toBe(
      '/api/invitation/ics?jeton=abc',
    );
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      name: 'Léa Fontaine',
      email: 'lea@exemple.fr',
      tradeId: trade.id,
      consent: true,
      site: '',
    });
  });

  it('keeps the honeypot out of the accessibility tree', async () => {
    routeFetch({ 'GET /api/groups/lyon/visit': [200, page], 'GET /api/trades': [200, { trades: [] }] });
    renderWith(<VisitView slug="lyon" invite="" notFound={<p>Introuvable</p>} />);
    await screen.findByRole('heading', { name: visitMessages.pageTitle('Synergie Pro Lyon') });
    expect(screen.queryByRole('textbox', { name: visitMessages.honeypot })).toBeNull();
    expect(screen.getByLabelText(visitMessages.honeypot).getAttribute('tabindex')).toBe('-1');
  });
});

describe('GroupVisitors', () => {
  it('lists visitors by meeting and the conversion rate with its definition', async () => {
    routeFetch({
      'GET /api/groups/g1/visitors': [
        200,
        {
          followUp: true,
          meetings: [
            {
              id: 'm1',
              startsAt: meeting.startsAt,
              visitors: [
                {
                  id: 'v1',
                  name: 'Léa Fontaine',
                  company: null,
                  tradeLabel: 'Traducteur',
                  inviterName: null,
                  selfRegistered: true,
                  status: 'registered',
                },
                {
                  id: 'v2',
                  name: 'Paul Roux',
                  company: null,
                  tradeLabel: null,
                  inviterName: 'Marie Dupont',
                  selfRegistered: false,
                  status: 'member',
                },
              ],
            },
          ],
          members: [{ userId: 'u1', name: 'Marie Dupont', invited: 4, becameMembers: 1, rate: 0.25 }],
        },
      ],
    });
    renderWith(<GroupVisitors groupId="g1" />);
    expect(await screen.findByText('Inscrit seul')).toBeTruthy();
    expect(screen.getAllByText('Marie Dupont').length).toBe(2);
    await waitFor(() => expect(screen.getByText(/25\s%/)).toBeTruthy());
    expect(screen.getByText(/Taux de conversion d’un membre/)).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: /Merci de votre visite/ }) as HTMLInputElement).checked).toBe(true);
  });
});
