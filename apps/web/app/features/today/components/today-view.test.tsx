import type { Today } from '@synergie/shared/today';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch, waitlistEntryFixture } from '../../../../test/group-fixtures';
import { TodayView } from './today-view';

// The build's settings (apps/web/vite.config.ts define) do not reach the component tests: the
// group page, loaded with the groups feature, reads its contact details at import.
vi.mock('~/lib/site', () => ({
  SITE_URL: 'http://localhost:3000',
  SITE_NAME: 'Synergie Pro',
  CONTACT: {
    email: 'contact@synergie-pro.fr',
    phone: '+33 1 23 45 67 89',
    address: 'Paris',
    phoneHref: 'tel:+33123456789',
  },
}));
vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

/** Testing Library matches text with its spaces collapsed, no-break ones included. */
const text = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

const newMember: Today = {
  firstName: 'Inès',
  steps: { emailVerified: false, subscribed: false, tradePicked: false, inGroup: false, photo: false, company: false },
  group: null,
  nextMeeting: null,
  businessToConfirm: [],
  businessToConfirmCount: 0,
  staleRecommendations: [],
  staleRecommendationsCount: 0,
  waitlist: [],
  eventsToday: [],
  score: null,
  returnOnFee: { receivedCents: 0, paidExclVatCents: 0, breakEvenMonth: null },
  unreadCount: 0,
  latestUnread: [],
};

const busyMember: Today = {
  ...newMember,
  firstName: 'Marc',
  steps: { emailVerified: true, subscribed: true, tradePicked: true, inGroup: true, photo: true, company: true },
  group: { name: 'Synergie Pro Lyon', slug: 'lyon' },
  nextMeeting: {
    id: 'm1',
    groupName: 'Synergie Pro Lyon',
    groupSlug: 'lyon',
    startsAt: '2026-12-08T06:00:00.000Z',
    endsAt: '2026-12-08T07:30:00.000Z',
    place: '1 place Bellecour, Lyon',
    presenterName: 'Lucie Leroy',
    presenterIsMe: false,
    checkinOpensAt: '2026-12-08T05:30:00.000Z',
    checkinOpen: true,
    myAttendance: null,
  },
  businessToConfirm: [
    {
      recommendationId: 'r1',
      receiverName: 'Paul Martin',
      amountCents: 920_000,
      declaredAt: '2026-12-01T10:00:00.000Z',
    },
  ],
  businessToConfirmCount: 3,
  staleRecommendations: [
    {
      recommendationId: 'r2',
      giverName: 'Lucie Leroy',
      status: 'contacted',
      statusChangedAt: '2026-11-20T10:00:00.000Z',
      need: 'Refaire une salle de bains',
    },
  ],
  staleRecommendationsCount: 1,
  waitlist: [waitlistEntryFixture({ position: 2 })],
  eventsToday: [{ id: 'e1', title: 'Afterwork', date: '2026-12-08', time: '18:30', location: 'Lyon 2e' }],
  score: { score: 41, colour: 'red', computedOn: '2026-12-01', nextAction: 'testimonials' },
  unreadCount: 4,
  latestUnread: [
    { id: 'n1', title: 'Lucie vous recommande', link: '/recommandations/r3', createdAt: '2026-12-01T10:00:00.000Z' },
  ],
};

function renderToday(today: Today, routes: Parameters<typeof routeFetch>[0] = {}, at = '/aujourdhui') {
  const calls = routeFetch({ 'GET /api/me/today': [200, today], ...routes });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <TodayView />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

describe('TodayView', () => {
  it('leads a new member through their first steps, the next one first', async () => {
    renderToday(newMember);
    const steps = await screen.findByRole('region', { name: 'Vos premiers pas' });
    expect(within(steps).getByText('0 sur 6 faits')).toBeTruthy();
    expect(within(steps).getByRole('link', { name: 'Confirmer votre adresse email' }).getAttribute('href')).toBe(
      '/profile',
    );
    expect(
      within(steps)
        .getByRole('link', { name: 'Trouver un groupe où le siège de votre métier est libre' })
        .getAttribute('href'),
    ).toBe('/groupes');
    expect(screen.getByText('Votre score sera calculé cette nuit.')).toBeTruthy();
    expect(screen.getByText('Aucune notification non lue.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Prochaine réunion' })).toBeNull();
  });

  it('shows a busy member each thing to do with its action', async () => {
    renderToday(busyMember);
    const meeting = await screen.findByRole('region', { name: 'Prochaine réunion' });
    expect(within(meeting).getByText(text('mardi 8 décembre 2026 à 7\u00a0h\u00a000'))).toBeTruthy();
    expect(within(meeting).getByText(text('Présentation de la semaine\u00a0: Lucie Leroy'))).toBeTruthy();
    expect(within(meeting).getByRole('link', { name: 'Pointer ma présence' }).getAttribute('href')).toBe('/pointage');
    expect(screen.queryByRole('region', { name: 'Vos premiers pas' })).toBeNull();

    const business = screen.getByRole('region', { name: 'Affaires à confirmer' });
    expect(
      within(business).getByText(
        text('Paul Martin déclare une affaire conclue de 9\u202f200,00\u00a0€ HT grâce à vous.'),
      ),
    ).toBeTruthy();
    expect(within(business).getByRole('button', { name: 'Je confirme' })).toBeTruthy();
    expect(within(business).getByRole('button', { name: 'Je conteste' })).toBeTruthy();
    expect(within(business).getByRole('link', { name: 'et 2 de plus' })).toBeTruthy();

    const stale = screen.getByRole('region', { name: 'Recommandations à faire avancer' });
    expect(within(stale).getByRole('link', { name: 'Faire avancer' }).getAttribute('href')).toBe('/recommandations/r2');

    expect(screen.getByText("Vous êtes 2e sur la liste d'attente")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Afterwork' })).toBeTruthy();
    const score = screen.getByRole('region', { name: 'Mon score' });
    expect(within(score).getByText('Rouge · 41/100')).toBeTruthy();
    expect(within(score).getByRole('link', { name: 'Écrire un témoignage sur un membre' }).getAttribute('href')).toBe(
      '/temoignages',
    );
    expect(screen.getByRole('link', { name: 'Toutes les notifications (4 non lues)' })).toBeTruthy();
  });

  it('confirms a business right there, with the amount the member saw', async () => {
    const calls = renderToday(busyMember, {
      'POST /api/recommendations/r1/business/answer': [200, {}],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Je confirme' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/recommendations/r1/business/answer')?.body).toMatchObject({
        answer: 'confirm',
      }),
    );
  });

  it('says when check-in opens, with no button before', async () => {
    renderToday({
      ...busyMember,
      nextMeeting: { ...(busyMember.nextMeeting as NonNullable<Today['nextMeeting']>), checkinOpen: false },
    });
    expect(await screen.findByText(text('Le pointage ouvre à 6\u00a0h\u00a030.'))).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Pointer ma présence' })).toBeNull();
  });

  it('greets the verification link with `Adresse confirmée`, or says it failed', async () => {
    renderToday(busyMember, {}, '/aujourdhui?adresse=confirmee');
    expect((await screen.findByRole('alert')).textContent).toBe('Adresse confirmée\u202f: bienvenue sur Synergie Pro.');
  });

  it('says a failed verification link must be asked again', async () => {
    renderToday(newMember, {}, '/aujourdhui?adresse=confirmee&error=TOKEN_EXPIRED');
    expect((await screen.findByRole('alert')).textContent).toContain('Ce lien de confirmation n’est plus valable');
  });
});
