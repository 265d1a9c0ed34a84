import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { adminMember, apiHeaders, signInPage } from './helpers/member';
import { api, mailTo, meetingInTenMinutes, seatWithPresident, tradeSubscriber } from './helpers/network';

/**
 * Meetings, the QR check-in and a guest (network-core §4-5), in a real browser: the secretary's
 * page shows the meeting's QR code, a member opens its link and checks in, a guest invited by email
 * confirms without an account and checks in with the same code, and the leaders see attendance.
 */

const { newPage } = useBrowser();

const subscriber = (name: string, trade: string) => tradeSubscriber(name, trade, 'Grenoble');

const mailOf = (address: string, template: string) => mailTo(address, (m) => m.template === template, template);

describe('meetings: the QR check-in of a member and of a guest', () => {
  it('the secretary shows the code, a member and a guest check in, the leaders see attendance', async () => {
    const admin = await adminMember();
    const slug = `grenoble-${randomBytes(3).toString('hex')}`;
    const group = await api<{ id: string }>(admin, 'POST', '/api/admin/groups', {
      name: `Synergie Pro Grenoble ${slug.slice(-6)}`,
      slug,
      city: 'Grenoble',
      departmentCode: '38',
      region: 'Auvergne-Rhône-Alpes',
      description: 'Les entrepreneurs de la cuvette grenobloise, un par métier.',
      meetingPlace: 'Maison de l’entreprise, 5 place Grenette, 38000 Grenoble',
      meetingRhythm: 'weekly',
      meetingWeekday: 4,
      meetingTime: '08:00',
    });
    const president = await subscriber('Odile Présidente', 'Notaire');
    const member = await subscriber('Bruno Plombier', 'Plombier chauffagiste');
    await seatWithPresident(admin, group.id, [president, member]);
    const meetingId = await meetingInTenMinutes(
      president,
      group.id,
      'Maison de l’entreprise, salle Vercors',
      'Réunion exceptionnelle ce matin.',
    );

    // The secretary's page: the QR code, large, and the list.
    const secretary = await newPage();
    await signInPage(secretary, president);
    await secretary.goto(`/groupes/${slug}/reunions/${meetingId}/presence`);
    await waitForHydration(secretary);
    await expect
      .poll(() =>
        secretary
          .locator('svg')
          .filter({ has: secretary.locator('path') })
          .count(),
      )
      .toBeGreaterThan(0);
    await expectAccessible(secretary);
    const code = await api<{ url: string }>(
      president,
      'GET',
      `/api/groups/${group.id}/meetings/${meetingId}/checkin-code`,
    );
    const checkinPath = new URL(code.url).pathname + new URL(code.url).search;

    // A member opens the code's link (what the phone's camera does) and checks in.
    const phone = await newPage();
    await signInPage(phone, member);
    await phone.goto(checkinPath);
    await waitForHydration(phone);
    await phone.getByRole('button', { name: 'Pointer ma présence' }).click();
    await expect.poll(() => phone.getByText('Votre présence est enregistrée').count()).toBeGreaterThan(0);
    await expectAccessible(phone);
    // A second scan is refused, in French.
    const again = await fetch(`${baseURL()}/api/checkin`, {
      method: 'POST',
      headers: apiHeaders(member),
      body: JSON.stringify({ token: new URL(code.url).searchParams.get('jeton') }),
    });
    expect(again.status).toBe(409);

    // A guest, invited by email with their consent, confirms without an account.
    const guestEmail = `visiteur.${randomBytes(3).toString('hex')}@exemple.fr`;
    await api(member, 'POST', `/api/meetings/${meetingId}/guests`, {
      name: 'Valérie Visiteuse',
      email: guestEmail,
      company: 'Visiteuse Conseil',
      consent: true,
    });
    const invitation = await mailOf(guestEmail, 'guest-invitation');
    const link = invitation.text.match(/https?:\/\/\S+\/invitation\?jeton=[^\s)]+/)?.[0];
    expect(link, invitation.text).toBeTruthy();
    const guest = await newPage();
    await guest.goto(new URL(link as string).pathname + new URL(link as string).search);
    await waitForHydration(guest);
    await guest.getByRole('button', { name: /confirm/i }).click();
    await expect.poll(() => guest.getByRole('status').count()).toBeGreaterThan(0);
    await expectAccessible(guest);
    // At the door the guest's phone scans the same code: it opens their invitation, they check in.
    await guest.goto(checkinPath);
    await guest.waitForURL(/\/invitation\?jeton=.+&code=.+/);
    await waitForHydration(guest);
    await guest.getByRole('button', { name: 'Pointer ma présence' }).click();
    await expect.poll(() => guest.getByText('Votre présence est enregistrée').count()).toBeGreaterThan(0);

    // The leaders see the member present and the guest come.
    const attendance = await api<{ members: { userId: string; status: string | null }[] }>(
      president,
      'GET',
      `/api/groups/${group.id}/meetings/${meetingId}/attendance`,
    );
    expect(JSON.stringify(attendance)).toContain(member.id);
    const guests = await api<{ items: { status: string }[] }>(president, 'GET', `/api/groups/${group.id}/guests`);
    expect(guests.items.map((g) => g.status)).toContain('came');
  });
});
