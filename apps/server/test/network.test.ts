import { directoryMessages } from '@synergie/shared';
import { and, eq, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, memberContacts, sharedProjects } from '../src/db/schema';
import { createTestApp } from './helpers/app';
import { lastMailTo } from './helpers/auth';
import { type Member, signUpSubscriber } from './helpers/members';

const t = await createTestApp();
const db = t.database.db;

const mailsTo = (to: string, template: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, template)));
const pendingBetween = (a: string, b: string) =>
  db
    .select()
    .from(memberContacts)
    .where(
      and(
        eq(memberContacts.status, 'pending'),
        or(
          and(eq(memberContacts.requesterId, a), eq(memberContacts.contactId, b)),
          and(eq(memberContacts.requesterId, b), eq(memberContacts.contactId, a)),
        ),
      ),
    );
const statusOf = async (viewer: Member, other: Member) => {
  const page = (await viewer.get(`/api/members?q=${encodeURIComponent(other.member.name)}`)).json();
  return page.members.find((m: { userId: string }) => m.userId === other.userId)?.contactStatus;
};

let pairs = 0;
async function pair() {
  pairs += 1;
  const a = await signUpSubscriber(t, { name: `Alice Réseau${pairs}` }, { companyName: 'Alice & Co <b>' });
  const b = await signUpSubscriber(t, { name: `Bob Réseau${pairs}` }, { profession: 'Architecte' });
  return { a, b };
}

describe('contact requests', () => {
  it('pending, mailed to the member asked; one in progress per pair, even at the same moment; never oneself', async () => {
    const { a, b } = await pair();
    const self = await a.post(`/api/members/${a.userId}/contact-requests`, {});
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(directoryMessages.selfContact);
    expect((await a.post('/api/members/nobody/contact-requests', {})).statusCode).toBe(404);
    const tooLong = await a.post(`/api/members/${b.userId}/contact-requests`, { message: 'x'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe(directoryMessages.contactMessageTooLong);

    const sent = await a.post(`/api/members/${b.userId}/contact-requests`, {
      message: '  Travaillons ensemble <script>  ',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      status: 'pending',
      message: 'Travaillons ensemble <script>',
      respondedAt: null,
    });
    const mail = await lastMailTo(t, b.member.email);
    expect(mail?.template).toBe('contact-request');
    expect(mail?.text).toContain(a.member.name);
    expect(mail?.text).toContain('Travaillons ensemble <script>');
    expect(mail?.html).toContain('Travaillons ensemble &lt;script&gt;');
    expect(mail?.html).toContain('Alice &amp; Co &lt;b&gt;');
    expect(mail?.html).not.toContain('<script>');

    const again = await a.post(`/api/members/${b.userId}/contact-requests`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Une demande de contact est déjà en cours avec ce membre.');
    // The other way round too: a request is already in progress between them.
    const reverse = await b.post(`/api/members/${a.userId}/contact-requests`, {});
    expect(reverse.statusCode).toBe(409);
    expect(reverse.json().error.message).toBe(directoryMessages.contactInProgress);
    expect(await pendingBetween(a.userId, b.userId)).toHaveLength(1);
    expect(await mailsTo(b.member.email, 'contact-request')).toHaveLength(1);

    expect(await statusOf(a, b)).toBe('pending_sent');
    expect(await statusOf(b, a)).toBe('pending_received');

    // Many at once, in both directions: exactly one gets through.
    const { a: c, b: d } = await pair();
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => c.post(`/api/members/${d.userId}/contact-requests`, {})),
      ...Array.from({ length: 4 }, () => d.post(`/api/members/${c.userId}/contact-requests`, {})),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await pendingBetween(c.userId, d.userId)).toHaveLength(1);
  });

  it('the member asked sees it and accepts: one shared project for both, both mailed; nobody else may answer', async () => {
    const { a, b } = await pair();
    const third = await signUpSubscriber(t);
    const { id } = (await a.post(`/api/members/${b.userId}/contact-requests`, { message: 'Bonjour' })).json();

    const inbox = (await b.get('/api/me/contact-requests')).json();
    expect(inbox.incoming).toEqual([
      expect.objectContaining({
        id,
        status: 'pending',
        message: 'Bonjour',
        requester: expect.objectContaining({
          userId: a.userId,
          fullName: a.member.name,
          companyName: 'Alice & Co <b>',
        }),
      }),
    ]);
    expect(inbox.outgoing).toEqual([]);
    const sent = (await a.get('/api/me/contact-requests')).json();
    expect(sent.incoming).toEqual([]);
    expect(sent.outgoing).toEqual([
      expect.objectContaining({
        id,
        status: 'pending',
        contact: expect.objectContaining({ userId: b.userId, profession: 'Architecte' }),
      }),
    ]);

    // Only the member asked answers.
    for (const other of [a, third]) {
      const refused = await other.post(`/api/me/contact-requests/${id}/accept`, {});
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(directoryMessages.requestNotForYou);
      expect((await other.post(`/api/me/contact-requests/${id}/decline`, {})).statusCode).toBe(403);
    }
    expect((await b.post('/api/me/contact-requests/00000000-0000-4000-8000-000000000000/accept', {})).statusCode).toBe(
      404,
    );
    expect((await b.post('/api/me/contact-requests/not-a-uuid/accept', {})).statusCode).toBe(404);

    // Two clicks at once: one acceptance, one project.
    const [first, second] = await Promise.all([
      b.post(`/api/me/contact-requests/${id}/accept`, {}),
      b.post(`/api/me/contact-requests/${id}/accept`, {}),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const accepted = (first.statusCode === 200 ? first : second).json();
    expect(accepted.request).toMatchObject({ id, status: 'accepted' });
    expect(accepted.request.respondedAt).not.toBeNull();
    expect(accepted.sharedProject).toMatchObject({
      title: `Collaboration ${a.member.name} × ${b.member.name}`,
      status: 'to_start',
      notes: null,
      partner: { userId: a.userId },
    });
    const again = await b.post(`/api/me/contact-requests/${id}/decline`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(directoryMessages.requestAlreadyAnswered);
    expect(await db.select().from(sharedProjects).where(eq(sharedProjects.contactRequestId, id))).toHaveLength(1);

    // Both see it, each with the other as partner; the third member does not.
    const ofA = (await a.get('/api/me/shared-projects')).json().projects;
    const ofB = (await b.get('/api/me/shared-projects')).json().projects;
    expect(ofA).toHaveLength(1);
    expect(ofB).toHaveLength(1);
    expect(ofA[0]).toMatchObject({ id: accepted.sharedProject.id, partner: { userId: b.userId } });
    expect(ofB[0]).toMatchObject({ id: accepted.sharedProject.id, partner: { userId: a.userId } });
    expect((await third.get('/api/me/shared-projects')).json().projects).toEqual([]);

    for (const member of [a, b]) {
      const mails = await mailsTo(member.member.email, 'contact-accepted');
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain(accepted.sharedProject.title);
    }
    expect(await statusOf(a, b)).toBe('connected');
    expect(await statusOf(b, a)).toBe('connected');
    expect((await b.get('/api/me/contact-requests')).json().incoming).toEqual([]);
    expect((await a.get('/api/me/contact-requests')).json().outgoing[0]).toMatchObject({ id, status: 'accepted' });
  });

  it('declining creates no project and lets a new request be sent later', async () => {
    const { a, b } = await pair();
    const { id } = (await a.post(`/api/members/${b.userId}/contact-requests`, {})).json();
    const declined = await b.post(`/api/me/contact-requests/${id}/decline`, {});
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ id, status: 'declined' });
    expect(await db.select().from(sharedProjects).where(eq(sharedProjects.contactRequestId, id))).toEqual([]);
    expect((await a.get('/api/me/shared-projects')).json().projects).toEqual([]);
    expect(await statusOf(a, b)).toBe('none');
    expect((await a.post(`/api/members/${b.userId}/contact-requests`, {})).statusCode).toBe(201);
  });
});

describe('shared projects', () => {
  it('either member edits title, notes and status; a third member gets 403; bad input 400', async () => {
    const { a, b } = await pair();
    const third = await signUpSubscriber(t);
    const { id: requestId } = (await a.post(`/api/members/${b.userId}/contact-requests`, {})).json();
    const { sharedProject } = (await b.post(`/api/me/contact-requests/${requestId}/accept`, {})).json();
    const url = `/api/me/shared-projects/${sharedProject.id}`;

    const byA = await a.put(url, {
      title: '  Site et identité  ',
      notes: 'Premier rendez-vous mardi',
      status: 'in_progress',
    });
    expect(byA.statusCode, byA.body).toBe(200);
    expect(byA.json()).toMatchObject({
      title: 'Site et identité',
      notes: 'Premier rendez-vous mardi',
      status: 'in_progress',
    });
    const byB = await b.put(url, { title: 'Site et identité', notes: '', status: 'done' });
    expect(byB.json()).toMatchObject({ notes: null, status: 'done', partner: { userId: a.userId } });
    expect((await a.get('/api/me/shared-projects')).json().projects[0]).toMatchObject({ status: 'done', notes: null });

    const stranger = await third.put(url, { title: 'Pris', notes: null, status: 'to_start' });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().error.message).toBe(directoryMessages.sharedProjectForbidden);
    expect(
      (await third.put('/api/me/shared-projects/00000000-0000-4000-8000-000000000000', { title: 'X', status: 'done' }))
        .statusCode,
    ).toBe(404);

    const blank = await a.put(url, { title: '   ', notes: null, status: 'done' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Le titre est requis.');
    expect((await a.put(url, { title: 'x'.repeat(151), status: 'done' })).statusCode).toBe(400);
    expect((await a.put(url, { title: 'Ok', notes: 'x'.repeat(5001), status: 'done' })).statusCode).toBe(400);
    expect((await a.put(url, { title: 'Ok', status: 'archived' })).statusCode).toBe(400);
    expect((await db.select().from(sharedProjects).where(eq(sharedProjects.id, sharedProject.id)))[0]?.title).toBe(
      'Site et identité',
    );

    // The RGPD export of either member holds it, with their ratings and contact requests.
    const exported = (await a.get('/api/me/export')).json();
    expect(exported.sharedProjects).toEqual([expect.objectContaining({ id: sharedProject.id })]);
    expect(exported.contacts).toEqual([expect.objectContaining({ id: requestId })]);
  });
});
