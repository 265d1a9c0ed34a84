import type { GroupScoresResponse, MemberScore } from '@synergie/shared/score';
import { SCORE_SOURCES, SCORE_THRESHOLDS, scoreMessages } from '@synergie/shared/score-constants';
import { SCORE_ACTIONS, todayMessages } from '@synergie/shared/today-constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch, sessionAnswer } from '../../../../test/group-fixtures';
import { GroupScoresList } from './group-scores';
import { ScoreBadge } from './score-badge';
import { RING_COLOURS } from './score-chart';
import { pointsText, ScorePageView } from './score-page-view';

const myScore: MemberScore = {
  userId: 'u1',
  score: 61,
  colour: 'orange',
  breakdown: [
    { key: 'attendance', found: 7 / 9, points: 19, note: null, detail: { attended: 7, counted: 9 } },
    { key: 'recommendations', found: 14, points: 11, note: null, detail: null },
    { key: 'guests', found: 4, points: 10, note: null, detail: null },
    { key: 'oneToOnes', found: 5, points: 6, note: null, detail: null },
    { key: 'business', found: 3, points: 8, note: null, detail: null },
    { key: 'testimonials', found: 2, points: 7, note: null, detail: null },
  ],
  periodStart: '2026-05-25',
  periodEnd: '2026-11-25',
  computedOn: '2026-11-25',
  computedAt: '2026-11-25T00:05:00.000Z',
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ScorePageView />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

/** The texts carry U+202F before `: ; ! ?`: compared as they are. */
const exact = { normalizer: (text: string) => text };

describe('/score', () => {
  it('publishes every source with its points and rule, and every colour with its range, from the constants', async () => {
    routeFetch({ 'GET /api/auth/get-session': sessionAnswer(null) });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Score de réputation' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Les critères du score et leurs points' });
    for (const source of SCORE_SOURCES) {
      const row = within(table).getByRole('row', { name: new RegExp(source.label) });
      expect(within(row).getByText(String(source.points))).toBeTruthy();
      expect(within(row).getByText(source.rule, exact)).toBeTruthy();
    }
    expect(within(table).getByRole('row', { name: /Total/ }).textContent).toContain('100');
    for (const threshold of SCORE_THRESHOLDS) {
      expect(screen.getByText(threshold.label)).toBeTruthy();
      expect(screen.getByText(threshold.range)).toBeTruthy();
    }
    expect(screen.getByText(/Sur les 6 derniers mois/)).toBeTruthy();
    expect(screen.getByText(/Recalculé chaque jour/)).toBeTruthy();
    // A visitor is invited to sign in; no score is asked for.
    expect(await screen.findByRole('link', { name: 'Connectez-vous' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Votre score' })).toBeNull();
  });

  it('shows a signed-in member their score, its day and `Pourquoi ce score ?` line by line', async () => {
    const calls = routeFetch({
      'GET /api/auth/get-session': sessionAnswer('u1'),
      'GET /api/score/me': [200, { score: myScore, nextAction: 'recommendations' }],
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Votre score' })).toBeTruthy();
    expect(await screen.findByText('Orange · 61/100')).toBeTruthy();
    // The ring (lazy): an image whose name is the text summary, in the score's colour.
    const ring = await screen.findByRole('img', { name: /^Score de 61 sur 100, Orange \(de 50 à 69\)\./ });
    expect(ring.getAttribute('aria-label')).toContain('Présence aux réunions\u00a0: 19 sur 25');
    expect(ring.getAttribute('aria-label')).toContain('Témoignages écrits\u00a0: 7 sur 10.');
    expect(ring.querySelectorAll('circle')[1]?.getAttribute('stroke')).toBe(RING_COLOURS.orange);
    expect(ring.textContent).toContain('61');
    // One bar per criterion, its points and its maximum said in words.
    const bars = within(screen.getByRole('list', { name: 'Points par critère' })).getAllByRole('listitem');
    expect(bars.map((bar) => bar.textContent)).toEqual(
      SCORE_SOURCES.map((source) => {
        const points = myScore.breakdown.find((line) => line.key === source.key)?.points;
        return `${source.label}${points} sur ${source.points} points`;
      }),
    );
    // `Pour gagner des points`: the criterion the server chose, and its action's link.
    const next = screen.getByRole('region', { name: 'Pour gagner des points' });
    expect(within(next).getByRole('link', { name: SCORE_ACTIONS.recommendations.label }).getAttribute('href')).toBe(
      '/recommandations/nouvelle',
    );
    expect(next.textContent).toContain('Recommandations données, 11 sur 20 points');
    expect(screen.getByText(/Calculé le 25 novembre 2026/)).toBeTruthy();
    expect(screen.getByText(scoreMessages.why, exact)).toBeTruthy();
    const detail = screen.getByRole('table', { name: 'Le détail de votre score, critère par critère' });
    expect(within(detail).getByRole('row', { name: /Présence aux réunions/ }).textContent).toContain(
      '7 réunions sur 9',
    );
    expect(within(detail).getByRole('row', { name: /Présence aux réunions/ }).textContent).toContain('19/25');
    expect(within(detail).getByRole('row', { name: /Recommandations données/ }).textContent).toContain(
      '14 recommandations données',
    );
    expect(within(detail).getByRole('row', { name: /Témoignages écrits/ }).textContent).toContain('7/10');
    // Every number explained: the share of the target times the weight, rounded.
    expect(within(detail).getByRole('row', { name: /Présence aux réunions/ }).textContent).toContain(
      '7/9 × 25 = 19,4 → 19',
    );
    expect(within(detail).getByRole('row', { name: /Recommandations données/ }).textContent).toContain(
      '14/26 × 20 = 10,8 → 11',
    );
    // The total is the sum of the lines.
    expect(myScore.breakdown.reduce((sum, line) => sum + line.points, 0)).toBe(myScore.score);
    expect(calls.some((c) => c.path === '/api/score/me')).toBe(true);
  });

  it('says when the first computation has not happened yet, and prints a zero line with its note', async () => {
    routeFetch({
      'GET /api/auth/get-session': sessionAnswer('u1'),
      'GET /api/score/me': [200, { score: null, nextAction: null }],
    });
    renderPage();
    expect(await screen.findByText(scoreMessages.noScore)).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('says every point is earned when nothing is left to gain', async () => {
    const full = {
      ...myScore,
      score: 100,
      colour: 'green' as const,
      breakdown: SCORE_SOURCES.map((s) => ({
        key: s.key,
        found: s.target,
        points: s.points,
        note: null,
        detail: null,
      })),
    };
    routeFetch({
      'GET /api/auth/get-session': sessionAnswer('u1'),
      'GET /api/score/me': [200, { score: full, nextAction: null }],
    });
    renderPage();
    const next = await screen.findByRole('region', { name: 'Pour gagner des points' });
    expect(next.textContent).toContain(todayMessages.scoreFull);
    expect(within(next).queryByRole('link')).toBeNull();
    expect((await screen.findByRole('img')).getAttribute('aria-label')).toMatch(/^Score de 100 sur 100, Vert/);
  });
});

describe('pointsText', () => {
  it('explains a full line, an empty one and a rounded one', () => {
    expect(pointsText({ key: 'recommendations', found: 30, points: 20, note: null, detail: null })).toBe(
      '30/26\u00a0: les 20 points',
    );
    expect(
      pointsText({ key: 'attendance', found: 0, points: 0, note: null, detail: { attended: 0, counted: 0 } }),
    ).toBe('0 sur 25');
    expect(pointsText({ key: 'business', found: 3, points: 8, note: null, detail: null })).toBe('3/6 × 15 = 7,5 → 8');
  });
});

describe('ScoreBadge', () => {
  it('says the colour in words, the score out of 100 and its day (never colour alone)', () => {
    render(<ScoreBadge score={74} colour="green" computedOn="2026-11-25" />);
    expect(screen.getByText('Vert · 74/100')).toBeTruthy();
    expect(screen.getByText('au 25 nov. 2026')).toBeTruthy();
    expect(screen.getByText(/Score de réputation/).className).toContain('sr-only');
  });

  it('every colour has its word', () => {
    for (const threshold of SCORE_THRESHOLDS) {
      const { unmount } = render(
        <ScoreBadge score={threshold.min} colour={threshold.colour} computedOn="2026-11-25" />,
      );
      expect(screen.getByText(`${threshold.label} · ${threshold.min}/100`)).toBeTruthy();
      unmount();
    }
  });
});

describe('the leaders’ Scores list', () => {
  it('lists the members in the order given, with their badge, their breakdown and those not yet scored', () => {
    const members: GroupScoresResponse['members'] = [
      { userId: 'u1', name: 'Anne Haut', trade: 'Notaire', score: myScore },
      {
        userId: 'u2',
        name: 'Bruno Sans',
        trade: null,
        score: {
          ...myScore,
          userId: 'u2',
          score: 0,
          colour: 'grey',
          breakdown: [
            {
              key: 'attendance',
              found: 0,
              points: 0,
              note: scoreMessages.noGroup,
              detail: { attended: 0, counted: 0 },
            },
          ],
        },
      },
      { userId: 'u3', name: 'Chloé Nouvelle', trade: 'Avocat', score: null },
    ];
    render(
      <MemoryRouter>
        <GroupScoresList members={members} />
      </MemoryRouter>,
    );
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => within(item).getAllByRole('link')[0]?.textContent)).toEqual([
      'Anne Haut',
      'Bruno Sans',
      'Chloé Nouvelle',
    ]);
    expect(within(items[0] as HTMLElement).getByText('Orange · 61/100')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText(scoreMessages.noGroup, exact)).toBeTruthy();
    expect(within(items[2] as HTMLElement).getByText('Pas encore calculé')).toBeTruthy();
  });
});
