import { SCORE_SOURCES, SCORE_THRESHOLDS, scoreMessages } from '@synergie/shared/score-constants';
import { SCORE_ACTIONS } from '@synergie/shared/today-constants';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, tabTo, useBrowser, waitForHydration } from './helpers/browser';
import { signInPage, signUpMember } from './helpers/member';

const { newPage } = useBrowser();

describe('/score', () => {
  it('publishes the rules to a visitor, and shows a signed-in member their own score', async () => {
    const visitor = await newPage();
    await visitor.goto('/score');
    await waitForHydration(visitor);
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe('Score de réputation');
    for (const source of SCORE_SOURCES) {
      expect(await visitor.getByRole('row', { name: new RegExp(source.label) }).count(), source.label).toBe(1);
    }
    for (const threshold of SCORE_THRESHOLDS) {
      expect(await visitor.getByText(threshold.range, { exact: true }).count(), threshold.label).toBe(1);
    }
    expect(await visitor.getByRole('link', { name: 'Connectez-vous' }).count()).toBe(1);

    const member = await signUpMember();
    const page = await newPage();
    await signInPage(page, member);
    await page.goto('/score');
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Votre score' }).waitFor();
    // A new member: scored at the next daily run, or already (today's run) with its day.
    await expect
      .poll(
        async () =>
          (await page.getByText(scoreMessages.noScore).count()) > 0 ||
          (await page.getByText(/Calculé le \d{1,2} \S+ \d{4}/).count()) > 0,
      )
      .toBe(true);
    await expectAccessible(page);
  });

  it('shows the score as a ring in its colour, a bar per criterion and `Pour gagner des points`, phone and desktop', async () => {
    // The daily run has already scored the day when this member signs up: their score is the
    // server's answer, given here (the API tests count it: scores.test.ts).
    const score = {
      userId: 'u',
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
    const member = await signUpMember();
    for (const [viewport, touch] of [
      [{ width: 1366, height: 900 }, false],
      [{ width: 390, height: 844 }, true],
    ] as const) {
      const page = await newPage({ viewport, touch });
      await page.route('**/api/score/me', (route) =>
        route.fulfill({ json: { score: { ...score, userId: member.email }, nextAction: 'guests' } }),
      );
      await signInPage(page, member);
      await page.goto('/score');
      await waitForHydration(page);
      const ring = page.getByRole('img', { name: /^Score de 61 sur 100, Orange \(de 50 à 69\)\./ });
      await ring.waitFor();
      expect(await ring.locator('circle').nth(1).getAttribute('stroke')).toBe('#ea580c');
      const bars = page.getByRole('list', { name: scoreMessages.barsTitle }).getByRole('listitem');
      expect(await bars.count()).toBe(SCORE_SOURCES.length);
      expect(await bars.first().textContent()).toBe('Présence aux réunions19 sur 25 points');
      const next = page.getByRole('region', { name: scoreMessages.nextTitle });
      const link = next.getByRole('link', { name: SCORE_ACTIONS.guests.label });
      expect(await link.getAttribute('href')).toBe(SCORE_ACTIONS.guests.to);
      expect(await next.textContent()).toContain('Visiteurs invités venus, 10 sur 15 points');
      // The table says it line by line too.
      await page.getByRole('table', { name: 'Le détail de votre score, critère par critère' }).waitFor();
      expect(await overflow(page), `${viewport.width} px`).toBe(0);
      await expectAccessible(page);
      // The action is reached with the keyboard (its page is the subject of its own tests).
      if (!touch) await tabTo(page, new RegExp(`^${SCORE_ACTIONS.guests.label}$`), link);
    }
  });
});

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
