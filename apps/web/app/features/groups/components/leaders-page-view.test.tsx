import type { LeaderPage } from '@synergie/shared/groups';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applicationFixture, groupFixture, routeFetch, waitlistEntryFixture } from '../../../../test/group-fixtures';
import { LeadersPageContent } from './leaders-page-view';

// Loaded up front: the page imports it lazily, and a cold import may outlast a test's timeout.
import './decision-dialog';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const ACCEPT = 'POST /api/groups/g1/applications/a1/accept';
const inAWeek = () => new Date(Date.now() + 5 * 24 * 3600_000).toISOString();

function page(overrides: Partial<LeaderPage> = {}): LeaderPage {
  return {
    group: groupFixture(),
    members: [
      {
        userId: 'u9',
        fullName: 'Paul Président',
        companyName: null,
        avatarUrl: null,
        tradeId: 't-notaire',
        tradeLabel: 'Notaire',
        specialty: null,
        role: 'president',
        roleLabel: 'Président',
        titleForm: 'masculine',
        joinedAt: '2026-01-05T09:00:00.000Z',
      },
    ],
    applications: [applicationFixture({ objectionPeriodEndsAt: inAWeek(), objections: [] })],
    waitlist: [
      waitlistEntryFixture({ id: 'w2', fullName: 'Bruno Second', position: 2 }),
      waitlistEntryFixture({ id: 'w1', fullName: 'Alice Première', position: 1 }),
    ],
    history: [
      {
        id: 'h1',
        kind: 'application',
        actorName: null,
        subjectName: 'Anne Avocate',
        tradeLabel: 'Avocat',
        message: null,
        createdAt: '2026-11-24T09:00:00.000Z',
      },
    ],
    canNameLeaders: true,
    ...overrides,
  };
}

function renderPage(data: LeaderPage, tab = 'candidatures') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/groupes/g/gestion?onglet=${tab}`]}>
        <LeadersPageContent page={data} slug="g" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Dialogs and forms load on first use (lazy): the first one may take a moment. */
const LAZY = { timeout: 5000 };

afterEach(() => vi.unstubAllGlobals());

describe('LeadersPageContent: tabs', () => {
  it('opens the tab the URL names, the overview by default, each tab naming its panel', () => {
    routeFetch({});
    renderPage(page(), 'membres');
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Vue d’ensemble', 'Candidatures1', 'Membres1', 'Réunions', 'Visiteurs', 'Historique']);
    const members = screen.getByRole('tab', { name: /Membres/ });
    expect(members.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(members.id);
    expect(within(panel).getByRole('heading', { name: 'Membres (1)' })).toBeTruthy();
  });

  it('falls back to the overview for an unknown tab', () => {
    routeFetch({});
    renderPage(page(), 'nimporte-quoi');
    expect(screen.getByRole('tab', { name: 'Vue d’ensemble' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('LeadersPageContent: accepting an application', () => {
  it('accepts before the end of the period only with the explicit override, and shows the server refusal', async () => {
    let answer: [number, unknown] = [
      409,
      { error: { code: 'OBJECTION_PERIOD_RUNNING', message: 'La période d’objection de 7 jours n’est pas terminée.' } },
    ];
    const calls = routeFetch({ [ACCEPT]: () => answer });
    renderPage(page());
    expect(screen.getByText('Aucune objection.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accepter la candidature de Anne Avocate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accepter Anne Avocate' }, LAZY);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Accepter' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'La période d’objection de 7 jours n’est pas terminée.',
    );
    expect(calls.at(-1)?.body).toEqual({ message: null, override: false });

    answer = [200, applicationFixture({ status: 'accepted' })];
    fireEvent.change(within(dialog).getByLabelText('Message au candidat (facultatif)'), {
      target: { value: 'Bienvenue parmi nous.' },
    });
    fireEvent.click(within(dialog).getByLabelText(/Accepter sans attendre la fin de la période d’objection/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accepter' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.at(-1)?.body).toEqual({ message: 'Bienvenue parmi nous.', override: true });
  });

  it('offers no override once a member objected, and shows the objections', async () => {
    renderPage(
      page({
        applications: [
          applicationFixture({
            objectionPeriodEndsAt: inAWeek(),
            objections: [
              {
                id: 'o1',
                fullName: 'Odile Objecte',
                reason: 'Conflit d’intérêts.',
                createdAt: '2026-11-24T10:00:00.000Z',
              },
            ],
          }),
        ],
      }),
    );
    expect(screen.getByText('Conflit d’intérêts.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accepter la candidature de Anne Avocate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accepter Anne Avocate' }, LAZY);
    expect(within(dialog).queryByLabelText(/Accepter sans attendre/)).toBeNull();
    expect(within(dialog).getByText(/un membre a fait objection/)).toBeTruthy();
  });

  it('requires a message to refuse', async () => {
    const calls = routeFetch({});
    renderPage(page());
    fireEvent.click(screen.getByRole('button', { name: 'Refuser la candidature de Anne Avocate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuser Anne Avocate' }, LAZY);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuser' }));
    expect(await within(dialog).findByText(/Le message/)).toBeTruthy();
    // Nothing sent (the page's own reads, the meetings list, aside).
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('lists the waiting list in order and the history in French', () => {
    routeFetch({});
    renderPage(page());
    const list = screen.getByRole('heading', { name: 'Plombier chauffagiste' }).nextElementSibling;
    expect([...(list?.querySelectorAll('li') ?? [])].map((li) => li.textContent?.split(',')[0])).toEqual([
      '1. Alice Première',
      '2. Bruno Second',
    ]);
    // The history is in its own tab: opening it shows it and its tab is selected.
    const historyTab = screen.getByRole('tab', { name: 'Historique' });
    expect(historyTab.getAttribute('aria-selected')).toBe('false');
    fireEvent.mouseDown(historyTab);
    expect(screen.getByRole('tab', { name: 'Historique' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('heading', { name: 'Plombier chauffagiste' })).toBeNull();
    expect(
      screen.getByText(
        (_, el) => el?.tagName === 'P' && el.textContent === 'Candidature déposée\u00a0: Anne Avocate (Avocat)',
      ),
    ).toBeTruthy();
    expect(screen.getByText('24 novembre 2026 à 10 h 00')).toBeTruthy();
  });
});
