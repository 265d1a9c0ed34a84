import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { adminMember, signInPage } from './helpers/member';
import { api, mailTo, meetingInTenMinutes, seatWithPresident, tradeSubscriber } from './helpers/network';

/**
 * The live meeting (issue 30) with two browsers side by side, as in the room: the président
 * launches it from the meeting's page and moves it from his console, the projector (1366×900)
 * and a member's phone (390×844, touch) follow each `Suivant` through the event stream, the
 * member logs a recommendation during the round with `J’ai une recommandation pour…` and the
 * projector shows it once the président allows it.
 */

const { newPage } = useBrowser();

/** Polls the page's text until it contains `text` (the stream's event has arrived). */
const shows = (page: Page, text: string) =>
  expect.poll(async () => (await page.locator('body').innerText()).includes(text), { timeout: 10_000 }).toBe(true);

describe('the live meeting', () => {
  it('launched and moved by the président, followed on the projector and a phone, a referral logged live', async () => {
    const admin = await adminMember();
    const slug = `annecy-${randomBytes(3).toString('hex')}`;
    const group = await api<{ id: string }>(admin, 'POST', '/api/admin/groups', {
      name: `Synergie Pro Annecy ${slug.slice(-6)}`,
      slug,
      city: 'Annecy',
      departmentCode: '74',
      region: 'Auvergne-Rhône-Alpes',
      description: 'Les entrepreneurs du lac, un par métier.',
      meetingPlace: 'Impérial Palace, allée de l’Impérial, 74000 Annecy',
      meetingRhythm: 'weekly',
      meetingWeekday: 2,
      meetingTime: '07:00',
    });
    const president = await tradeSubscriber('Hugo Président', 'Notaire', 'Annecy');
    const plumber = await tradeSubscriber('Inès Plombière', 'Plombier chauffagiste', 'Annecy');
    const roofer = await tradeSubscriber('Marc Couvreur', 'Couvreur', 'Annecy');
    await seatWithPresident(admin, group.id, [president, plumber, roofer]);
    const meetingId = await meetingInTenMinutes(
      president,
      group.id,
      'Impérial Palace, salon Lac',
      'Lancement du direct.',
    );
    // Inès and Marc scan the QR code, in this order: the round's order.
    const code = await api<{ url: string }>(
      president,
      'GET',
      `/api/groups/${group.id}/meetings/${meetingId}/checkin-code`,
    );
    const token = new URL(code.url).searchParams.get('jeton');
    await api(plumber, 'POST', '/api/checkin', { token });
    await api(roofer, 'POST', '/api/checkin', { token });

    // The président launches it from the meeting's page: his console opens, `Suivant` focused.
    const console_ = await newPage({ viewport: { width: 1366, height: 900 } });
    await signInPage(console_, president);
    await console_.goto(`/reunions/${meetingId}`);
    await waitForHydration(console_);
    await console_.getByRole('button', { name: 'Lancer la réunion' }).click();
    await console_.waitForURL(`**/reunions/${meetingId}/direct`);
    const next = console_.getByRole('button', { name: 'Suivant' });
    await next.waitFor();
    await expect.poll(() => next.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(console_);

    // The room's screen: the page alone, no member bars.
    const projector = await newPage({ viewport: { width: 1366, height: 900 } });
    await signInPage(projector, president);
    await projector.goto(`/reunions/${meetingId}/projecteur`);
    await waitForHydration(projector);
    await shows(projector, 'Bienvenue');
    expect(await projector.getByRole('navigation').count()).toBe(0);

    // Marc's phone.
    const phone = await newPage({ viewport: { width: 390, height: 844 }, touch: true });
    await signInPage(phone, roofer);
    await phone.goto(`/reunions/${meetingId}/direct`);
    await waitForHydration(phone);
    await shows(phone, 'En direct');
    expect(await phone.getByRole('button', { name: 'Suivant' }).count()).toBe(0);

    // `Suivant`: the round starts with Inès on both screens, its timer running, Marc's turn next.
    await next.click();
    await shows(projector, 'Inès Plombière');
    await shows(phone, 'À vous dans 1 tour');
    const timer = projector.locator('time');
    const first = await timer.getAttribute('datetime');
    await expect.poll(() => timer.getAttribute('datetime'), { timeout: 5000 }).not.toBe(first);
    await expectAccessible(phone);

    // Marc logs a recommendation for Inès, the speaker, chosen first.
    await phone.getByRole('button', { name: 'J’ai une recommandation pour…' }).tap();
    const dialog = phone.getByRole('dialog');
    expect(await dialog.getByLabel('Pour', { exact: true }).inputValue()).toBe(plumber.id);
    await dialog.getByLabel('Le besoin').fill('Une fuite chez un client, à voir cette semaine');
    await dialog.getByRole('button', { name: 'Transmettre' }).tap();
    await dialog.waitFor({ state: 'detached' });
    await shows(phone, '1 recommandation transmise pendant la réunion.');
    // Focus is back on the button, ready for the next one.
    expect(await phone.evaluate(() => document.activeElement?.textContent)).toBe('J’ai une recommandation pour…');

    // Hidden on the projector until the président shows it.
    expect((await projector.locator('body').innerText()).includes('Une fuite chez un client')).toBe(false);
    await console_.getByRole('button', { name: 'Afficher les recommandations' }).click();
    await shows(projector, 'Une fuite chez un client, à voir cette semaine');

    // Marc's turn: the phone says so.
    await next.click();
    await shows(phone, 'C’est à vous');
    await shows(projector, 'Marc Couvreur');
    await expectAccessible(projector);

    // A visitor of the day, invited by Inès, follows from the link of her invitation, without an
    // account; her screen carries nobody's email.
    const guestEmail = `visiteuse.${randomBytes(3).toString('hex')}@exemple.fr`;
    await api(plumber, 'POST', `/api/meetings/${meetingId}/guests`, {
      name: 'Nora Visiteuse',
      email: guestEmail,
      company: 'Nora Paysages',
      consent: true,
    });
    const invitation = await mailTo(guestEmail, (m) => m.template === 'guest-invitation', 'guest-invitation');
    const link = new URL(invitation.text.match(/https?:\/\/\S+\/invitation\?jeton=[^\s)]+/)?.[0] as string);
    const visitor = await newPage({ viewport: { width: 390, height: 844 }, touch: true });
    await visitor.goto(link.pathname + link.search);
    await waitForHydration(visitor);
    await visitor.getByRole('link', { name: 'Suivre la réunion en direct' }).tap();
    await visitor.waitForURL('**/invitation/direct?jeton=*');
    await shows(visitor, 'Marc Couvreur');
    await next.click();
    await shows(visitor, 'Présentation de la semaine');
    expect(await visitor.locator('body').innerText()).not.toMatch(/@/);
    await expectAccessible(visitor);

    // `Terminer` (confirmed): the minutes are written at once, on the meeting's page with their
    // PDF, and mailed to the members.
    console_.once('dialog', (d) => void d.accept());
    await console_.getByRole('button', { name: 'Terminer' }).click();
    const mail = await mailTo(plumber.email, (m) => m.subject.includes('compte rendu'), 'minutes');
    expect(mail.text).toContain(`/reunions/${meetingId}#compte-rendu`);
    await console_.goto(`/reunions/${meetingId}`);
    await waitForHydration(console_);
    await console_.getByRole('heading', { name: 'Compte rendu' }).waitFor();
    await shows(console_, 'Marc Couvreur → Inès Plombière');
    const href = (await console_.getByRole('link', { name: 'Télécharger le PDF' }).getAttribute('href')) ?? '';
    const pdf = await console_.evaluate(async (url) => {
      const res = await fetch(url);
      return new TextDecoder('latin1').decode((await res.arrayBuffer()).slice(0, 5));
    }, href);
    expect(pdf).toBe('%PDF-');
    await expectAccessible(console_);
  });
});
