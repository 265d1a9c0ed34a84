import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventMessages } from '../packages/shared/src/event-messages';
import { expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { type Member, signInPage, signUpMember, subscribe } from './helpers/member';
import { api, mailTo } from './helpers/network';

/**
 * Network-core §6: a full event offers `Liste d'attente`; a place freed by a cancellation goes to
 * the first in line at once, who is told by e-mail (the server's side, under concurrency:
 * apps/server/test/waitlist.test.ts).
 */
const { newPage } = useBrowser();

const TITLE = `Petit-déjeuner complet ${Date.now()}`;
const DATE = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
let organizer: Member;
let first: Member;
let waiting: Member;
let eventId: string;

async function subscriber(name: string) {
  const member = await signUpMember({ name });
  await subscribe(member);
  return member;
}

beforeAll(async () => {
  organizer = await subscriber('Hélène Garnier');
  first = await subscriber('Thomas Lefèvre');
  waiting = await subscriber('Nadia Haddad');
  ({ id: eventId } = await api<{ id: string }>(organizer, 'POST', '/api/events', {
    title: TITLE,
    description: 'Une seule place : le suivant attend.',
    date: DATE,
    time: '08:00',
    location: 'Lyon 3e',
    maxAttendees: 1,
    categoryId: null,
    maxGuestsPerRegistration: 0,
    groupId: null,
  }));
  await api(first, 'POST', `/api/events/${eventId}/registration`, { guests: 0 });
});

async function openEvents(member: Member) {
  const page = await newPage();
  await signInPage(page, member);
  await page.goto('/events');
  await waitForHydration(page);
  return page;
}

const card = (page: Page) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: TITLE, exact: true }) });

describe('events: the waiting list', () => {
  it('a member joins the full event’s waiting list, and gets the place the first one frees', async () => {
    const page = await openEvents(waiting);
    const event = card(page);
    await event.getByText('Complet', { exact: false }).first().waitFor();
    await event.getByRole('button', { name: eventMessages.waitingList }).click();
    await page.getByText(eventMessages.joinedWaitingList).first().waitFor();
    await event.getByText(eventMessages.waitingPosition(1)).waitFor();
    await event.getByRole('button', { name: eventMessages.leaveWaitingList }).waitFor();
    await expectAccessible(page);

    // The registered member cancels: the place goes to the first in line, never beyond 1.
    await api(first, 'DELETE', `/api/events/${eventId}/registration`);
    const mail = await mailTo(waiting.email, (m) => m.subject.includes(TITLE), 'place freed');
    expect(mail.subject.startsWith(eventMessages.promotedTitle(TITLE))).toBe(true);
    await page.reload();
    await waitForHydration(page);
    await event.getByText('Inscrit', { exact: true }).waitFor();
    await event.getByRole('button', { name: 'Se désinscrire' }).waitFor();
    expect(await event.getByText(eventMessages.waitingPosition(1)).count()).toBe(0);

    // The one who cancelled now finds it full, and can queue in turn, then leave the line.
    const other = await openEvents(first);
    const again = card(other);
    await again.getByRole('button', { name: eventMessages.waitingList }).click();
    await again.getByText(eventMessages.waitingPosition(1)).waitFor();
    await again.getByRole('button', { name: eventMessages.leaveWaitingList }).click();
    await other.getByText(eventMessages.leftWaitingList).first().waitFor();
    await again.getByRole('button', { name: eventMessages.waitingList }).waitFor();
  });
});
