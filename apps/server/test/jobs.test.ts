import { jobMessages } from '@synergie/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, jobPositions, mailOutbox } from '../src/db/schema';
import { listJobs } from '../src/domain/jobs';
import { createTestApp } from './helpers/app';
import { client, lastMailTo, signUp } from './helpers/auth';

const t = await createTestApp();

type Member = Awaited<ReturnType<typeof signUp>>;

/** A valid 'Publier une offre' form, as typed in the dialog (skills comma-separated). */
const offerForm = (overrides: Record<string, unknown> = {}) => ({
  title: 'Développeur React confirmé',
  location: 'Lyon',
  type: 'CDI',
  experience: '3 ans minimum',
  description: 'Rejoignez une équipe de six personnes pour construire nos applications web.',
  skills: ' React , TypeScript,, , Node.js ',
  ...overrides,
});

async function publish(member: Member, overrides: Record<string, unknown> = {}) {
  const res = await member.post('/api/jobs', offerForm(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; title: string };
}

async function withCompany(member: Member, fullName: string, companyName: string) {
  const res = await member.put('/api/me/profile', {
    fullName,
    companyName,
    phone: '',
    bio: '',
    profession: '',
    industry: '',
    city: '',
    sponsorName: '',
    websiteUrl: '',
    linkedinUrl: '',
    twitterUrl: '',
    githubUrl: '',
    facebookUrl: '',
    skills: [],
    lookingFor: [],
  });
  expect(res.statusCode, res.body).toBe(200);
}

const errorOf = (res: { json(): unknown }) => (res.json() as { error: { code: string; message: string } }).error;

describe('publishing an offer (POST /api/jobs)', () => {
  it('stores the offer for a member, skills trimmed and blanks dropped', async () => {
    const alice = await signUp(t, { name: 'Alice Durand' });
    await withCompany(alice, 'Alice Durand', 'Durand & Fils');
    const res = await alice.post('/api/jobs', offerForm({ title: '  Développeur React confirmé  ' }));
    expect(res.statusCode, res.body).toBe(201);
    const offer = res.json();
    expect(offer).toMatchObject({
      title: 'Développeur React confirmé',
      location: 'Lyon',
      type: 'CDI',
      experience: '3 ans minimum',
      skills: ['React', 'TypeScript', 'Node.js'],
      author: { fullName: 'Alice Durand', companyName: 'Durand & Fils' },
      isOwn: true,
      hasApplied: false,
      applicationCount: 0,
    });
    const [row] = await t.database.db.select().from(jobPositions).where(eq(jobPositions.id, offer.id));
    expect(row?.userId).toBe(alice.userId);
    expect(row?.skills).toEqual(['React', 'TypeScript', 'Node.js']);
  });

  it('also accepts the skills as a list (what the dialog sends once parsed)', async () => {
    const alice = await signUp(t);
    const res = await alice.post('/api/jobs', offerForm({ skills: [' Vente ', '', 'Négociation'] }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().skills).toEqual(['Vente', 'Négociation']);
  });

  it('refuses a visitor with 401 "Vous devez être connecté"', async () => {
    const visitor = client(t);
    const res = await visitor.post('/api/jobs', offerForm());
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).message).toBe(jobMessages.signInRequired);
    expect(await t.database.db.select().from(jobPositions).where(eq(jobPositions.title, 'Visiteur'))).toHaveLength(0);
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['a title under 5 characters', { title: ' abcd ' }, 'Le titre doit contenir au moins 5 caractères'],
    ['a title over 100 characters', { title: 'x'.repeat(101) }, 'Le titre ne peut pas dépasser 100 caractères'],
    ['a missing title', { title: undefined }, 'Le titre doit contenir au moins 5 caractères'],
    ['a location under 2 characters', { location: 'L' }, 'La localisation doit contenir au moins 2 caractères'],
    [
      'a location over 100 characters',
      { location: 'x'.repeat(101) },
      'La localisation ne peut pas dépasser 100 caractères',
    ],
    ['a type under 2 characters', { type: ' ' }, 'Le type de contrat doit contenir au moins 2 caractères'],
    ['a type over 50 characters', { type: 'x'.repeat(51) }, 'Le type de contrat ne peut pas dépasser 50 caractères'],
    ['an experience under 2 characters', { experience: '1' }, "L'expérience doit contenir au moins 2 caractères"],
    [
      'an experience over 100 characters',
      { experience: 'x'.repeat(101) },
      "L'expérience ne peut pas dépasser 100 caractères",
    ],
    [
      'a description under 20 characters',
      { description: 'Trop court.' },
      'La description doit contenir au moins 20 caractères',
    ],
    [
      'a description over 2000 characters',
      { description: 'x'.repeat(2001) },
      'La description ne peut pas dépasser 2000 caractères',
    ],
    ['no skill', { skills: ' , ,  ' }, 'Au moins une compétence est requise'],
    ['missing skills', { skills: undefined }, 'Au moins une compétence est requise'],
    ['21 skills', { skills: Array.from({ length: 21 }, (_, i) => `C${i}`).join(',') }, 'Maximum 20 compétences'],
    [
      'a skill over 50 characters',
      { skills: `React, ${'x'.repeat(51)}` },
      'Chaque compétence ne peut pas dépasser 50 caractères',
    ],
  ];
  it.each(cases)('refuses %s with 400 and its French message', async (_label, overrides, message) => {
    const alice = await signUp(t);
    const res = await alice.post('/api/jobs', offerForm(overrides));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'VALIDATION', message });
  });

  it('accepts the bounds themselves (5/100, 2/100, 2/50, 2/100, 20/2000, 20 skills of 50)', async () => {
    const alice = await signUp(t);
    await publish(alice, { title: 'abcde', location: 'AB', type: 'CD', experience: '2a', description: 'x'.repeat(20) });
    await publish(alice, {
      title: 'x'.repeat(100),
      location: 'x'.repeat(100),
      type: 'x'.repeat(50),
      experience: 'x'.repeat(100),
      description: 'x'.repeat(2000),
      skills: Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(50, 's')).join(','),
    });
  });

  it('answers the first failing message when several fields are wrong', async () => {
    const alice = await signUp(t);
    const res = await alice.post('/api/jobs', {
      title: 'abc',
      location: 'L',
      type: '',
      experience: '',
      description: '',
      skills: '',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe('Le titre doit contenir au moins 5 caractères');
    const later = await alice.post('/api/jobs', offerForm({ type: 'C', description: 'court' }));
    expect(errorOf(later).message).toBe('Le type de contrat doit contenir au moins 2 caractères');
  });
});

describe('the list of offers (GET /api/jobs)', () => {
  it('is public, newest first, with the author and "isOwn"/"hasApplied" false for a visitor', async () => {
    const fresh = await createTestApp();
    const author = await signUp(fresh, { name: 'Bruno Petit' });
    await withCompany(author, 'Bruno Petit', 'Petit Conseil');
    const first = await publish(author, { title: 'Première offre' });
    const second = await publish(author, { title: 'Deuxième offre' });
    const res = await client(fresh).get('/api/jobs');
    expect(res.statusCode).toBe(200);
    const { jobs } = res.json();
    expect(jobs.map((j: { id: string }) => j.id)).toEqual([second.id, first.id]);
    expect(jobs[0]).toMatchObject({
      title: 'Deuxième offre',
      description: offerForm().description,
      location: 'Lyon',
      type: 'CDI',
      experience: '3 ans minimum',
      skills: ['React', 'TypeScript', 'Node.js'],
      author: { fullName: 'Bruno Petit', companyName: 'Petit Conseil' },
      isOwn: false,
      hasApplied: false,
      applicationCount: null,
    });
  });

  it("puts the member's own offers first, then the others, each once and newest first", async () => {
    const fresh = await createTestApp();
    const a = await signUp(fresh);
    const b = await signUp(fresh);
    const a1 = await publish(a, { title: 'Offre A1' });
    const b1 = await publish(b, { title: 'Offre B1' });
    const a2 = await publish(a, { title: 'Offre A2' });
    const b2 = await publish(b, { title: 'Offre B2' });
    const ids = (res: { json(): { jobs: { id: string }[] } }) => res.json().jobs.map((j) => j.id);
    const forA = await a.get('/api/jobs');
    expect(ids(forA)).toEqual([a2.id, a1.id, b2.id, b1.id]);
    expect(forA.json().jobs.map((j: { isOwn: boolean }) => j.isOwn)).toEqual([true, true, false, false]);
    expect(ids(await b.get('/api/jobs'))).toEqual([b2.id, b1.id, a2.id, a1.id]);
    expect(ids(await client(fresh).get('/api/jobs'))).toEqual([b2.id, a2.id, b1.id, a1.id]);
  });

  it("shows 'hasApplied' to the applicant and the application count to the author only", async () => {
    const fresh = await createTestApp();
    const author = await signUp(fresh);
    const applicant = await signUp(fresh);
    const other = await signUp(fresh);
    const offer = await publish(author);
    const applied = await applicant.post(`/api/jobs/${offer.id}/applications`, { message: 'Je suis très motivé.' });
    expect(applied.statusCode, applied.body).toBe(201);
    const [forApplicant] = (await applicant.get('/api/jobs')).json().jobs;
    expect(forApplicant).toMatchObject({ id: offer.id, hasApplied: true, isOwn: false, applicationCount: null });
    const [forOther] = (await other.get('/api/jobs')).json().jobs;
    expect(forOther).toMatchObject({ hasApplied: false, applicationCount: null });
    const [forAuthor] = (await author.get('/api/jobs')).json().jobs;
    expect(forAuthor).toMatchObject({ isOwn: true, hasApplied: false, applicationCount: 1 });
  });

  it('gives an author without a company a null company (the page then reads "Publié par {name}")', async () => {
    const fresh = await createTestApp();
    const author = await signUp(fresh, { name: 'Chloé Roux' });
    await publish(author);
    const [job] = (await client(fresh).get('/api/jobs')).json().jobs;
    expect(job.author).toEqual({ fullName: 'Chloé Roux', companyName: null });
  });

  it('reads the list with the same number of queries whatever the number of offers', async () => {
    const fresh = await createTestApp();
    const a = await signUp(fresh);
    const b = await signUp(fresh);
    let queries = 0;
    const counting = new Proxy(fresh.database.db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (['select', 'execute', 'insert', 'update', 'delete', 'transaction'].includes(String(key))) queries += 1;
          return value.apply(target, args);
        };
      },
    });
    await publish(a);
    queries = 0;
    expect(await listJobs(counting, b.userId)).toHaveLength(1);
    const withOne = queries;
    for (let i = 0; i < 5; i++) {
      const offer = await publish(i % 2 ? a : b);
      if (i % 2) await b.post(`/api/jobs/${offer.id}/applications`, { message: 'Candidature sérieuse.' });
    }
    queries = 0;
    expect(await listJobs(counting, b.userId)).toHaveLength(6);
    expect(queries).toBe(withOne);
    expect(withOne).toBe(1);
  });
});

describe('deleting an offer (DELETE /api/jobs/:id)', () => {
  it('lets the author delete it, with its applications', async () => {
    const author = await signUp(t);
    const applicant = await signUp(t);
    const offer = await publish(author);
    await applicant.post(`/api/jobs/${offer.id}/applications`, { message: 'Je suis intéressé par ce poste.' });
    const res = await author.delete(`/api/jobs/${offer.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await t.database.db.select().from(jobPositions).where(eq(jobPositions.id, offer.id))).toHaveLength(0);
    expect(await t.database.db.select().from(applications).where(eq(applications.jobId, offer.id))).toHaveLength(0);
    expect((await author.delete(`/api/jobs/${offer.id}`)).statusCode).toBe(404);
  });

  it("refuses another member's deletion with 403 and keeps the offer", async () => {
    const author = await signUp(t);
    const intruder = await signUp(t);
    const offer = await publish(author);
    const res = await intruder.delete(`/api/jobs/${offer.id}`);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ code: 'FORBIDDEN', message: jobMessages.notOwner });
    expect(await t.database.db.select().from(jobPositions).where(eq(jobPositions.id, offer.id))).toHaveLength(1);
  });

  it('refuses a visitor with 401 and keeps the offer', async () => {
    const author = await signUp(t);
    const offer = await publish(author);
    const res = await client(t).delete(`/api/jobs/${offer.id}`);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).message).toBe(jobMessages.signInRequired);
    expect(await t.database.db.select().from(jobPositions).where(eq(jobPositions.id, offer.id))).toHaveLength(1);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const member = await signUp(t);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'pas-un-identifiant', "1'%20or%201=1"]) {
      const res = await member.delete(`/api/jobs/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(errorOf(res).message).toBe(jobMessages.notFound);
    }
  });
});

describe('applying (POST /api/jobs/:id/applications)', () => {
  it('stores the application and tells the author by email, escaping what the applicant wrote', async () => {
    const author = await signUp(t, { name: 'Diane Morel' });
    const applicant = await signUp(t, { name: 'Étienne Blanc' });
    await withCompany(applicant, 'Étienne Blanc', 'Blanc <Studio>');
    const offer = await publish(author, { title: 'Chef de projet digital' });
    const res = await applicant.post(`/api/jobs/${offer.id}/applications`, {
      message: '   Votre offre <script>alert(1)</script> me correspond tout à fait.   ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select().from(applications).where(eq(applications.jobId, offer.id));
    expect(row).toMatchObject({
      applicantId: applicant.userId,
      message: 'Votre offre <script>alert(1)</script> me correspond tout à fait.',
    });
    const mail = await lastMailTo(t, author.member.email);
    expect(mail).toMatchObject({ template: 'job-application', replyTo: applicant.member.email });
    expect(mail?.subject).toContain('Chef de projet digital');
    expect(mail?.text).toContain(
      'Étienne Blanc (Blanc <Studio>) a postulé à votre offre «\u00a0Chef de projet digital\u00a0»',
    );
    expect(mail?.text).toContain('Votre offre <script>alert(1)</script> me correspond tout à fait.');
    expect(mail?.text).toContain('http://localhost:3000/careers');
    expect(mail?.html).toContain('Blanc &lt;Studio&gt;');
    expect(mail?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.html).toContain('href="http://localhost:3000/careers"');
    expect(t.wakes).toBeGreaterThan(0);
  });

  it("refuses a second application with 409 'Vous avez déjà postulé à cette offre' and sends no second mail", async () => {
    const author = await signUp(t);
    const applicant = await signUp(t);
    const offer = await publish(author);
    const first = await applicant.post(`/api/jobs/${offer.id}/applications`, { message: 'Première candidature.' });
    expect(first.statusCode).toBe(201);
    const second = await applicant.post(`/api/jobs/${offer.id}/applications`, { message: 'Deuxième candidature.' });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toEqual({ code: 'ALREADY_APPLIED', message: 'Vous avez déjà postulé à cette offre' });
    const rows = await t.database.db.select().from(applications).where(eq(applications.jobId, offer.id));
    expect(rows.map((r) => r.message)).toEqual(['Première candidature.']);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, author.member.email));
    expect(mails.filter((m) => m.template === 'job-application')).toHaveLength(1);
  });

  it('lets only one of two simultaneous applications through (the unique index decides)', async () => {
    const author = await signUp(t);
    const applicant = await signUp(t);
    const offer = await publish(author);
    const results = await Promise.all(
      [1, 2, 3].map((n) =>
        applicant.post(`/api/jobs/${offer.id}/applications`, { message: `Candidature numéro ${n}.` }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await t.database.db.select().from(applications).where(eq(applications.jobId, offer.id));
    expect(rows).toHaveLength(1);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, author.member.email));
    expect(mails.filter((m) => m.template === 'job-application')).toHaveLength(1);
  });

  it("refuses an application to one's own offer", async () => {
    const author = await signUp(t);
    const offer = await publish(author);
    const res = await author.post(`/api/jobs/${offer.id}/applications`, { message: 'Je postule chez moi.' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({ code: 'OWN_OFFER', message: jobMessages.ownOffer });
    expect(await t.database.db.select().from(applications).where(eq(applications.jobId, offer.id))).toHaveLength(0);
  });

  it("refuses a visitor with 401 'Vous devez être connecté pour postuler'", async () => {
    const author = await signUp(t);
    const offer = await publish(author);
    const res = await client(t).post(`/api/jobs/${offer.id}/applications`, { message: 'Je suis un visiteur.' });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).message).toBe('Vous devez être connecté pour postuler');
  });

  it("refuses a message under 10 characters once trimmed with 'Veuillez fournir un message d’au moins 10 caractères'", async () => {
    const author = await signUp(t);
    const applicant = await signUp(t);
    const offer = await publish(author);
    for (const message of ['   court   ', '', undefined]) {
      const res = await applicant.post(`/api/jobs/${offer.id}/applications`, { message });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBe('Veuillez fournir un message d’au moins 10 caractères');
    }
    const tooLong = await applicant.post(`/api/jobs/${offer.id}/applications`, { message: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).message).toBe('Votre message ne peut pas dépasser 2000 caractères');
    const exactly = await applicant.post(`/api/jobs/${offer.id}/applications`, { message: '  0123456789  ' });
    expect(exactly.statusCode).toBe(201);
  });

  it('answers 404 for an unknown or malformed offer', async () => {
    const applicant = await signUp(t);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc']) {
      const res = await applicant.post(`/api/jobs/${id}/applications`, { message: 'Une candidature valable.' });
      expect(res.statusCode, id).toBe(404);
      expect(errorOf(res).message).toBe(jobMessages.notFound);
    }
  });
});

describe('reading the applications of an offer (GET /api/jobs/:id/applications)', () => {
  it('gives the author each applicant name, company, message and date, newest first', async () => {
    const author = await signUp(t);
    const first = await signUp(t, { name: 'Fanny Leroy' });
    await withCompany(first, 'Fanny Leroy', 'Leroy Design');
    const second = await signUp(t, { name: 'Gabriel Faure' });
    const offer = await publish(author);
    await first.post(`/api/jobs/${offer.id}/applications`, { message: 'Première candidature motivée.' });
    await second.post(`/api/jobs/${offer.id}/applications`, { message: 'Seconde candidature motivée.' });
    const res = await author.get(`/api/jobs/${offer.id}/applications`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().applications;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      applicant: { fullName: 'Gabriel Faure', companyName: null },
      message: 'Seconde candidature motivée.',
    });
    expect(list[1]).toMatchObject({
      applicant: { fullName: 'Fanny Leroy', companyName: 'Leroy Design' },
      message: 'Première candidature motivée.',
    });
    expect(new Date(list[0].createdAt).getTime()).toBeGreaterThanOrEqual(new Date(list[1].createdAt).getTime());
    expect(Date.now() - new Date(list[1].createdAt).getTime()).toBeLessThan(60_000);
  });

  it('refuses another member (even an applicant) with 403 and a visitor with 401', async () => {
    const author = await signUp(t);
    const applicant = await signUp(t);
    const offer = await publish(author);
    await applicant.post(`/api/jobs/${offer.id}/applications`, { message: 'Je voudrais voir les autres.' });
    const res = await applicant.get(`/api/jobs/${offer.id}/applications`);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ code: 'FORBIDDEN', message: jobMessages.applicationsNotOwner });
    expect(res.body).not.toContain('Je voudrais voir les autres.');
    const visitor = await client(t).get(`/api/jobs/${offer.id}/applications`);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.body).not.toContain('Je voudrais voir les autres.');
  });

  it('answers 404 for an unknown or malformed offer', async () => {
    const member = await signUp(t);
    expect((await member.get('/api/jobs/00000000-0000-4000-8000-000000000000/applications')).statusCode).toBe(404);
    expect((await member.get('/api/jobs/zzz/applications')).statusCode).toBe(404);
  });
});

describe('my applications (GET /api/me/applications)', () => {
  it('lists what the member sent, newest first, and needs a session', async () => {
    const author = await signUp(t);
    const applicant = await signUp(t);
    const one = await publish(author, { title: 'Offre numéro un' });
    const two = await publish(author, { title: 'Offre numéro deux' });
    await applicant.post(`/api/jobs/${one.id}/applications`, { message: 'Candidature pour la une.' });
    await applicant.post(`/api/jobs/${two.id}/applications`, { message: 'Candidature pour la deux.' });
    const res = await applicant.get('/api/me/applications');
    expect(res.statusCode).toBe(200);
    expect(res.json().applications.map((a: { jobTitle: string }) => a.jobTitle)).toEqual([
      'Offre numéro deux',
      'Offre numéro un',
    ]);
    expect((await author.get('/api/me/applications')).json().applications).toEqual([]);
    expect((await client(t).get('/api/me/applications')).statusCode).toBe(401);
  });
});
