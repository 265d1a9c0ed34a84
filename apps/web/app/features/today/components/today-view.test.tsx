import type { Today } from '@synergie/shared/today';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch, sessionAnswer, waitlistEntryFixture } from '../../../../test/group-fixtures';
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
const sendVerificationEmail = vi.fn(async (_input: unknown) => ({ data: { status: true }, error: null }));
vi.mock('~/features/auth/lib/auth-client', () => ({
  authClient: { sendVerificationEmail: (input: unknown) => sendVerificationEmail(input) },
  unwrap: async (call: Promise<{ data: unknown; error: unknown }>) => (await call).data,
}));
vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

/** Testing Library matches text with its spaces collapsed, no-break ones included. */
const text = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

const newMember: Today = {
  firstName: 'Inès',
  steps: {
    emailVerified: false,
    subscribed: false,
    tradePicked: false,
    inGroup: false,
    photoAndCompany: false,
    guestInvited: false,
  },
  seatSearch: { application: null, freeSeats: [] },
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
  steps: {
    emailVerified: true,
    subscribed: true,
    tradePicked: true,
    inGroup: true,
    photoAndCompany: true,
    guestInvited: true,
  },
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
    groupId: 'g1',
    live: 'not_started',
    canLaunch: false,
    visioUrl: null,
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
  it('leads a new member through their first steps, each state said in words', async () => {
    renderToday(newMember, { 'GET /api/auth/get-session': sessionAnswer('u1') });
    const steps = await screen.findByRole('region', { name: 'Vos premiers pas' });
    expect(within(steps).getByText('0 sur 6 faits')).toBeTruthy();
    const list = within(steps).getByRole('list', { name: 'Étapes et leur état' });
    const items = within(list).getAllByRole('listitem');
    // The order of the brief, each with its state in text (not only a colour or a mark).
    expect(items.map((li) => li.textContent?.replace(/\s+/g, ' '))).toEqual([
      expect.stringMatching(/^Confirmer votre adresse email : À faire/),
      'Choisir votre abonnement (14 jours d’essai gratuit) : À faire',
      'Choisir votre métier : À faire',
      expect.stringMatching(/^Trouver un groupe où le siège de votre métier est libre : À faire/),
      'Ajouter votre photo et votre entreprise : À faire',
      'Inviter un premier visiteur à une réunion : À faire',
    ]);
    const href = (name: string) => within(steps).getByRole('link', { name }).getAttribute('href');
    expect(href('Choisir votre abonnement (14 jours d’essai gratuit)')).toBe('/pricing');
    expect(href('Choisir votre métier')).toBe('/profile#metier');
    expect(href('Trouver un groupe où le siège de votre métier est libre')).toBe('/groupes');
    expect(href('Ajouter votre photo et votre entreprise')).toBe('/profile#photo');
    expect(href('Inviter un premier visiteur à une réunion')).toBe('/visiteurs');
    // Without a trade there is no seat to look for yet: the step says so.
    expect(within(steps).getByText(/Choisissez d’abord votre métier/)).toBeTruthy();
    expect(screen.getByText('Votre score sera calculé cette nuit.')).toBeTruthy();
    expect(screen.getByText('Aucune notification non lue.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Prochaine réunion' })).toBeNull();
  });

  it('sends the verification link again, landing on `Aujourd’hui`', async () => {
    renderToday(newMember, { 'GET /api/auth/get-session': sessionAnswer('u1') });
    const steps = await screen.findByRole('region', { name: 'Vos premiers pas' });
    // The mailbox is where it is done: no link, the address it went to and `Renvoyer le lien`.
    expect(within(steps).queryByRole('link', { name: 'Confirmer votre adresse email' })).toBeNull();
    expect(await within(steps).findByText('Ouvrez le lien envoyé à u1@example.test.')).toBeTruthy();
    fireEvent.click(within(steps).getByRole('button', { name: 'Renvoyer le lien' }));
    await waitFor(() =>
      expect(within(steps).getByRole('status').textContent).toBe(
        'Un nouveau lien de confirmation a été envoyé à u1@example.test.',
      ),
    );
    expect(sendVerificationEmail).toHaveBeenCalledWith({
      email: 'u1@example.test',
      callbackURL: '/aujourdhui?adresse=confirmee',
    });
  });

  it('names the groups where the seat is free, then the application under way', async () => {
    const looking: Today = {
      ...newMember,
      steps: { ...newMember.steps, emailVerified: true, subscribed: true, tradePicked: true },
      seatSearch: {
        application: null,
        freeSeats: [
          { name: 'Synergie Pro Lyon', slug: 'lyon', city: 'Lyon' },
          { name: 'Synergie Pro Villeurbanne', slug: 'villeurbanne', city: 'Villeurbanne' },
        ],
      },
    };
    renderToday(looking);
    const steps = await screen.findByRole('region', { name: 'Vos premiers pas' });
    expect(within(steps).getByText('3 sur 6 faits')).toBeTruthy();
    expect(within(steps).getAllByText('Fait')).toHaveLength(3);
    // Done steps are no longer links; the seat step is the next one.
    expect(within(steps).queryByRole('link', { name: 'Choisir votre métier' })).toBeNull();
    expect(within(steps).getByRole('link', { name: 'Synergie Pro Lyon' }).getAttribute('href')).toBe(
      '/groupes/lyon#candidature',
    );
    expect(within(steps).getByText(/Villeurbanne\)/)).toBeTruthy();
    cleanup();

    renderToday({
      ...looking,
      seatSearch: { application: { groupName: 'Synergie Pro Lyon', groupSlug: 'lyon' }, freeSeats: [] },
    });
    const again = await screen.findByRole('region', { name: 'Vos premiers pas' });
    expect(within(again).getByText('En cours')).toBeTruthy();
    expect(
      within(again)
        .getByRole('link', { name: /^Candidature envoyée au groupe Synergie Pro Lyon.+7 jours pour répondre\.$/ })
        .getAttribute('href'),
    ).toBe('/groupes/lyon');
  });

  it('shows no card once every step is done', async () => {
    renderToday(busyMember);
    await screen.findByRole('region', { name: 'Prochaine réunion' });
    expect(screen.queryByRole('region', { name: 'Vos premiers pas' })).toBeNull();
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

    expect(screen.getByText('Vous êtes 2e sur la liste d’attente')).toBeTruthy();
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
        seenAmountCents: 920_000,
      }),
    );
  });

  it('changed meanwhile (issue 33): says so, shows the new amount, and confirms that one next', async () => {
    let todays = 0;
    const changed = {
      ...busyMember,
      businessToConfirm: busyMember.businessToConfirm.map((b) => ({ ...b, amountCents: 99_999_900 })),
    };
    const calls = renderToday(busyMember, {
      'GET /api/me/today': () => {
        todays += 1;
        return [200, todays === 1 ? busyMember : changed];
      },
      'POST /api/recommendations/r1/business/answer': (body) =>
        (body as { seenAmountCents: number }).seenAmountCents === 99_999_900
          ? [200, {}]
          : [
              409,
              {
                error: {
                  code: 'BUSINESS_AMOUNT_CHANGED',
                  message: 'Le montant a changé\u00a0: vérifiez-le avant de confirmer.',
                },
              },
            ],
    });
    const business = await screen.findByRole('region', { name: 'Affaires à confirmer' });
    expect(within(business).getByText(/9\s200,00\s€/)).toBeTruthy();
    fireEvent.click(within(business).getByRole('button', { name: 'Je confirme' }));
    expect(await within(business).findByText(/Le montant a changé\s: vérifiez-le avant de confirmer\./)).toBeTruthy();
    expect(await within(business).findByText(/999\s999,00\s€/)).toBeTruthy();
    fireEvent.click(within(business).getByRole('button', { name: 'Je confirme' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/recommendations/r1/business/answer').map((c) => c.body)).toEqual([
        { answer: 'confirm', reason: null, seenAmountCents: 920_000 },
        { answer: 'confirm', reason: null, seenAmountCents: 99_999_900 },
      ]),
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

  it('gives a leader `Lancer la réunion` in one tap, and everyone `Suivre la réunion en direct` once it runs', async () => {
    const meeting = busyMember.nextMeeting as NonNullable<Today['nextMeeting']>;
    renderToday({ ...busyMember, nextMeeting: { ...meeting, canLaunch: true } });
    expect(await screen.findByRole('button', { name: 'Lancer la réunion' })).toBeTruthy();
    cleanup();
    renderToday({ ...busyMember, nextMeeting: { ...meeting, live: 'live' } });
    const follow = await screen.findByRole('link', { name: 'Suivre la réunion en direct' });
    expect(follow.getAttribute('href')).toBe('/reunions/m1/direct');
    expect(screen.queryByRole('button', { name: 'Lancer la réunion' })).toBeNull();
  });

  it('offers `Rejoindre la visio` on the next meeting when it has a link, in a new tab', async () => {
    renderToday({
      ...busyMember,
      nextMeeting: {
        ...(busyMember.nextMeeting as NonNullable<Today['nextMeeting']>),
        visioUrl: 'https://visio.example.fr/lyon',
      },
    });
    const link = await screen.findByRole('link', { name: /^Rejoindre la visio/ });
    expect(link.getAttribute('href')).toBe('https://visio.example.fr/lyon');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('shows no visio link when the meeting has none', async () => {
    renderToday(busyMember);
    await screen.findByRole('link', { name: 'Pointer ma présence' });
    expect(screen.queryByRole('link', { name: /Rejoindre la visio/ })).toBeNull();
  });

  it('greets the verification link with `Adresse confirmée`, then leads on to the next step', async () => {
    renderToday(
      { ...newMember, steps: { ...newMember.steps, emailVerified: true } },
      {},
      '/aujourdhui?adresse=confirmee',
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Adresse confirmée\u00a0: bienvenue sur Synergie Pro. Étape suivante\u00a0: Choisir votre abonnement (14 jours d’essai gratuit)',
    );
    expect(within(alert).getByRole('link').getAttribute('href')).toBe('/pricing');
    await waitFor(() => expect(document.activeElement?.contains(alert)).toBe(true));
  });

  it('says `Adresse confirmée` for a spent link of an address already confirmed', async () => {
    renderToday(busyMember, {}, '/aujourdhui?adresse=confirmee&error=TOKEN_EXPIRED');
    expect((await screen.findByRole('alert')).textContent).toBe('Adresse confirmée\u00a0: bienvenue sur Synergie Pro.');
  });

  it('says a failed verification link must be asked again', async () => {
    renderToday(newMember, {}, '/aujourdhui?adresse=confirmee&error=TOKEN_EXPIRED');
    expect((await screen.findByRole('alert')).textContent).toContain('Ce lien de confirmation n’est plus valable');
  });
});
