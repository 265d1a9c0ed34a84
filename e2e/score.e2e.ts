import { SCORE_SOURCES, SCORE_THRESHOLDS, scoreMessages } from '@synergie/shared/score-constants';
import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
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
});
