import { FORUM_LIMITS, forumMessages } from '@synergie/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { forumModerationEvents, forumPosts, forumReports, forumTopics, notifications, user } from '../src/db/schema';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';
import { catalogue, createGroup, seat } from './helpers/groups';
import { type Member, signUpSubscriber } from './helpers/members';

/**
 * The forum through its routes (network-core §9, issue 18): reading by who may, posting, the
 * 15-minute edit window, the accepted answer, mentions, reports and moderation, search, the
 * admins' categories, the races (replies, reports) and the number of queries of the lists.
 */

const ADMIN_EMAIL = 'admin.forum@synergie.test';
// The same few members write every post of this file: their quotas (issue 33) are tested in
// test/quotas.test.ts, not here.
const t = await createTestApp({
  env: { ADMIN_EMAILS: ADMIN_EMAIL, MEMBER_QUOTAS: 'forumPosts=500/1000;mentions=500/1000' },
});
const db = t.database.db;

const marie = await signUpSubscriber(t, { name: 'Marie Dupont' }, { fullName: 'Marie Dupont' });
const paul = await signUpSubscriber(t, { name: 'Paul Martin' }, { fullName: 'Paul Martin' });
const lea = await signUpSubscriber(t, { name: 'Léa Élodie Roux' }, { fullName: 'Léa Roux' });
const outsider = await signUpSubscriber(t, { name: 'Jean Dehors' }, { fullName: 'Jean Dehors' });
const lapsed = await signUp(t, { name: 'Sans Abonnement' });
const admin = await signUp(t, { email: ADMIN_EMAIL });
const visitor = client(t);

// A group with its category: Marie leads it, Paul and Léa are members; Jean is in none.
const trades = await catalogue(db);
const group = await createGroup(db);
await db.execute(sql`insert into forum_categories (slug, name, group_id, position)
  values (${`groupe-${group.slug}`}, ${group.name}, ${group.id}, 100)`);
await seat(db, group.id, [
  { userId: marie.userId, tradeId: (trades[0] as { id: string }).id, role: 'president' },
  { userId: paul.userId, tradeId: (trades[1] as { id: string }).id },
  { userId: lea.userId, tradeId: (trades[2] as { id: string }).id },
]);
const groupSlug = `groupe-${group.slug}`;

/** Counts the SQL statements the database driver receives while `run` goes on. */
async function countQueries(run: () => Promise<unknown>): Promise<number> {
  const driver = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = driver.query;
  let count = 0;
  driver.query = function (this: unknown, ...args: unknown[]) {
    count += 1;
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    driver.query = original;
  }
  return count;
}

let titleCounter = 0;
async function ask(who: Member, extra: Record<string, unknown> = {}, category = 'entraide'): Promise<{ id: string }> {
  titleCounter += 1;
  const res = await who.post(`/api/forum/categories/${category}/topics`, {
    title: `Une question numéro ${titleCounter}`,
    body: 'Qui connaît un bon comptable\u202f?',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function answer(who: Member, topicId: string, body = 'Moi, je peux aider.', mentions: string[] = []) {
  const res = await who.post(`/api/forum/topics/${topicId}/posts`, { body, mentions });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

const notes = (userId: string, kind: string) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

describe('categories', () => {
  it('shows a visitor the national categories, a member their group’s too, an admin all', async () => {
    const seen = await visitor.get('/api/forum/categories');
    expect(seen.statusCode).toBe(200);
    expect(seen.json().categories.map((c: { slug: string }) => c.slug)).toEqual([
      'entraide',
      'entrepreneuriat',
      'outils',
      'collaborations',
      'reglementation',
      'evenements',
    ]);
    expect(seen.json().viewer).toEqual({ signedIn: false, canPost: false, isAdmin: false, moderatesGroupIds: [] });

    const member = (await paul.get('/api/forum/categories')).json();
    expect(member.categories.map((c: { slug: string }) => c.slug)).toContain(groupSlug);
    expect(member.viewer).toMatchObject({ signedIn: true, canPost: true, moderatesGroupIds: [] });
    const leader = (await marie.get('/api/forum/categories')).json();
    expect(leader.viewer.moderatesGroupIds).toEqual([group.id]);
    const other = (await outsider.get('/api/forum/categories')).json();
    expect(other.categories.map((c: { slug: string }) => c.slug)).not.toContain(groupSlug);
    expect((await lapsed.get('/api/forum/categories')).json().viewer.canPost).toBe(false);
    expect((await admin.get('/api/forum/categories')).json().viewer.isAdmin).toBe(true);
  });

  it('keeps a group category to its members', async () => {
    expect((await visitor.get(`/api/forum/categories/${groupSlug}/topics`)).json().error.code).toBe(
      'FORUM_SIGN_IN_TO_READ',
    );
    const refused = await outsider.get(`/api/forum/categories/${groupSlug}/topics`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORUM_GROUP_ONLY');
    expect((await paul.get(`/api/forum/categories/${groupSlug}/topics`)).statusCode).toBe(200);
    expect((await admin.get(`/api/forum/categories/${groupSlug}/topics`)).statusCode).toBe(200);
    expect((await paul.get('/api/forum/categories/inconnue/topics')).statusCode).toBe(404);
  });

  it('lets admins add, rename and archive national categories; slugs are unique', async () => {
    const body = { name: 'Numérique', slug: 'numerique', description: null, position: 7 };
    const made = await admin.post('/api/admin/forum/categories', body);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ slug: 'numerique', archived: false, group: null, topicCount: 0 });
    const twice = await admin.post('/api/admin/forum/categories', body);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('FORUM_SLUG_TAKEN');
    const bad = await admin.post('/api/admin/forum/categories', { ...body, slug: 'Pas Bon' });
    expect(bad.statusCode).toBe(400);
    const archived = await admin.patch(`/api/admin/forum/categories/${made.json().id}`, { ...body, archived: true });
    expect(archived.json().archived).toBe(true);
    expect(
      (await visitor.get('/api/forum/categories')).json().categories.map((c: { slug: string }) => c.slug),
    ).not.toContain('numerique');
    const closed = await marie.post('/api/forum/categories/numerique/topics', { title: 'Fermée ou pas', body: 'Test' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('FORUM_CATEGORY_ARCHIVED');
    expect((await admin.get('/api/admin/forum/categories')).json().categories.length).toBeGreaterThan(6);
    expect((await marie.get('/api/admin/forum/categories')).statusCode).toBe(403);
  });

  it('gives a group created by an admin its category in the same transaction, renamed with it', async () => {
    const groupForm = {
      name: 'Synergie Pro Forum Neuf',
      slug: 'forum-neuf',
      city: 'Lyon',
      departmentCode: '69',
      region: 'Auvergne-Rhône-Alpes',
      description: 'Un groupe pour tester la catégorie du forum.',
      meetingPlace: '1 place Bellecour, Lyon',
      meetingRhythm: 'weekly',
      meetingWeekday: 2,
      meetingTime: '07:00',
    };
    const res = await admin.post('/api/admin/groups', groupForm);
    expect(res.statusCode, res.body).toBe(201);
    const { rows } = await db.execute<{ name: string; group_id: string }>(
      sql`select name, group_id from forum_categories where slug = 'groupe-forum-neuf'`,
    );
    expect(rows[0]).toEqual({ name: 'Synergie Pro Forum Neuf', group_id: res.json().id });
    const renamed = await admin.put(`/api/admin/groups/${res.json().id}`, {
      ...groupForm,
      name: 'Synergie Pro Renommé',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const { rows: after } = await db.execute<{ name: string }>(
      sql`select name from forum_categories where slug = 'groupe-forum-neuf'`,
    );
    expect(after[0]?.name).toBe('Synergie Pro Renommé');
  });
});

describe('asking and answering', () => {
  it('refuses bad input in French', async () => {
    const post = (body: unknown) => paul.post('/api/forum/categories/entraide/topics', body);
    const empty = await post({ title: 'Un bon titre', body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.body).toBe(forumMessages.bodyRequired);
    const long = await post({ title: 'Un bon titre', body: 'a'.repeat(FORUM_LIMITS.bodyMax + 1) });
    expect(long.json().error.fields.body).toBe(forumMessages.bodyTooLong);
    const short = await post({ title: 'Abc', body: 'Texte' });
    expect(short.json().error.fields.title).toBe(forumMessages.titleTooShort);
    const topic = await ask(paul);
    const emptyReply = await marie.post(`/api/forum/topics/${topic.id}/posts`, { body: '' });
    expect(emptyReply.statusCode).toBe(400);
    expect(emptyReply.json().error.fields.body).toBe(forumMessages.bodyRequired);
  });

  it('keeps writing to subscribers, and a group’s category to its members', async () => {
    const unsubscribed = await lapsed.post('/api/forum/categories/entraide/topics', { title: 'Je peux ?', body: 'x' });
    expect(unsubscribed.statusCode).toBe(403);
    expect(unsubscribed.json().error.message).toBe(forumMessages.subscribeToPost);
    const other = await outsider.post(`/api/forum/categories/${groupSlug}/topics`, {
      title: 'Chez les autres',
      body: 'x',
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('FORUM_GROUP_ONLY');
    const pub = await paul.post(`/api/forum/categories/${groupSlug}/topics`, {
      title: 'Public ici',
      body: 'x',
      isPublic: true,
    });
    expect(pub.statusCode).toBe(400);
    expect(pub.json().error.code).toBe('FORUM_PUBLIC_IN_GROUP');
    const inGroup = await ask(paul, {}, groupSlug);
    const reply = await outsider.post(`/api/forum/topics/${inGroup.id}/posts`, { body: 'Coucou' });
    expect(reply.statusCode).toBe(403);
    expect((await outsider.get(`/api/forum/topics/${inGroup.id}`)).statusCode).toBe(403);
    expect((await visitor.get(`/api/forum/topics/${inGroup.id}`)).statusCode).toBe(401);
  });

  it('shows visitors the titles, and only public questions in full', async () => {
    const closed = await ask(paul);
    const open = await ask(paul, { isPublic: true });
    const list = (await visitor.get('/api/forum/categories/entraide/topics')).json();
    expect(list.topics.map((x: { id: string }) => x.id)).toEqual(expect.arrayContaining([closed.id, open.id]));
    const refused = await visitor.get(`/api/forum/topics/${closed.id}`);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('FORUM_SIGN_IN_TO_READ');
    const page = await visitor.get(`/api/forum/topics/${open.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().viewer).toEqual({ canReply: false, canAccept: false, canModerate: false });
    expect((await lapsed.get(`/api/forum/topics/${closed.id}`)).statusCode).toBe(200);
  });

  it('counts replies, moves the topic up, tells the asker (not when answering oneself)', async () => {
    const topic = await ask(paul);
    await answer(marie, topic.id);
    await answer(paul, topic.id, 'Merci\u202f!');
    const page = (await paul.get(`/api/forum/topics/${topic.id}`)).json();
    expect(page.topic.replyCount).toBe(2);
    expect(page.posts.map((p: { body: string }) => p.body)).toEqual(['Moi, je peux aider.', 'Merci\u202f!']);
    expect(page.viewer).toEqual({ canReply: true, canAccept: true, canModerate: false });
    const replies = (await notes(paul.userId, 'forum_reply')).filter((n) => n.link === `/forum/sujets/${topic.id}`);
    expect(replies).toHaveLength(1);
    expect(replies[0]?.title).toBe(forumMessages.replyTitle(page.topic.title));
    const list = (await paul.get('/api/forum/categories/entraide/topics')).json();
    expect(list.topics[0].id).toBe(topic.id);
    expect(list.pageSize).toBe(20);
  });

  it('lets the author edit within 15 minutes, not after, and nobody else', async () => {
    const topic = await ask(paul);
    const reply = await answer(marie, topic.id);
    const fresh = (await marie.get(`/api/forum/topics/${topic.id}`)).json();
    expect(fresh.posts[0].editableUntil).not.toBeNull();
    expect(fresh.topic.editableUntil).toBeNull();
    const edited = await paul.patch(`/api/forum/topics/${topic.id}`, { title: 'Un titre corrigé', body: 'Corrigé' });
    expect(edited.statusCode, edited.body).toBe(200);
    const notMine = await marie.patch(`/api/forum/topics/${topic.id}`, { title: 'Un titre à moi', body: 'x' });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().error.code).toBe('FORUM_NOT_AUTHOR');
    expect((await paul.patch(`/api/forum/posts/${reply.id}`, { body: 'x' })).json().error.code).toBe(
      'FORUM_NOT_AUTHOR',
    );
    expect((await marie.patch(`/api/forum/posts/${reply.id}`, { body: 'Mieux dit' })).statusCode).toBe(200);
    await db.execute(sql`update forum_topics set created_at = now() - interval '16 minutes' where id = ${topic.id}`);
    await db.execute(sql`update forum_posts set created_at = now() - interval '16 minutes' where id = ${reply.id}`);
    const late = await paul.patch(`/api/forum/topics/${topic.id}`, { title: 'Trop tard ici', body: 'x' });
    expect(late.statusCode).toBe(403);
    expect(late.json().error.code).toBe('FORUM_EDIT_WINDOW_PASSED');
    const lateReply = await marie.patch(`/api/forum/posts/${reply.id}`, { body: 'Encore' });
    expect(lateReply.json().error.code).toBe('FORUM_EDIT_WINDOW_PASSED');
    const page = (await marie.get(`/api/forum/topics/${topic.id}`)).json();
    expect(page.topic).toMatchObject({ title: 'Un titre corrigé', body: 'Corrigé' });
    expect(page.topic.editedAt).not.toBeNull();
    expect(page.posts[0]).toMatchObject({ body: 'Mieux dit', editableUntil: null });
  });

  it('lets the asker accept a visible reply of their topic, take it back, and tells its author', async () => {
    const topic = await ask(paul);
    const good = await answer(marie, topic.id, 'La bonne réponse');
    const otherTopic = await ask(paul);
    const elsewhere = await answer(marie, otherTopic.id);
    const notAsker = await marie.put(`/api/forum/topics/${topic.id}/accepted`, { postId: good.id });
    expect(notAsker.statusCode).toBe(403);
    expect(notAsker.json().error.code).toBe('FORUM_NOT_ASKER');
    expect((await paul.put(`/api/forum/topics/${topic.id}/accepted`, { postId: elsewhere.id })).statusCode).toBe(404);
    const ok = await paul.put(`/api/forum/topics/${topic.id}/accepted`, { postId: good.id });
    expect(ok.json()).toEqual({ acceptedPostId: good.id });
    const page = (await lea.get(`/api/forum/topics/${topic.id}`)).json();
    expect(page.acceptedAnswer).toMatchObject({ id: good.id, accepted: true, body: 'La bonne réponse' });
    expect(page.posts[0]).toMatchObject({ id: good.id, accepted: true });
    const list = (await lea.get('/api/forum/categories/entraide/topics')).json();
    expect(list.topics.find((x: { id: string }) => x.id === topic.id)).toMatchObject({
      hasAcceptedAnswer: true,
      acceptedExcerpt: 'La bonne réponse',
    });
    const unanswered = (await lea.get('/api/forum/categories/entraide/topics?unanswered=true')).json();
    expect(unanswered.topics.map((x: { id: string }) => x.id)).not.toContain(topic.id);
    const accepted = (await notes(marie.userId, 'forum_reply')).filter((n) => n.link === `/forum/sujets/${topic.id}`);
    expect(accepted.map((n) => n.title)).toContain(forumMessages.acceptedTitle(page.topic.title));
    expect((await paul.put(`/api/forum/topics/${topic.id}/accepted`, { postId: null })).json()).toEqual({
      acceptedPostId: null,
    });
    // A hidden reply cannot be accepted.
    await admin.post(`/api/forum/posts/${good.id}/hide`, { reason: 'Publicité' });
    const hidden = await paul.put(`/api/forum/topics/${topic.id}/accepted`, { postId: good.id });
    expect(hidden.statusCode).toBe(409);
    expect(hidden.json().error.code).toBe('FORUM_HIDDEN');
  });

  it('keeps a hidden accepted answer accepted, shown as none until it is restored', async () => {
    const topic = await ask(paul);
    const good = await answer(marie, topic.id, 'Acceptée puis masquée');
    await paul.put(`/api/forum/topics/${topic.id}/accepted`, { postId: good.id });
    await admin.post(`/api/forum/posts/${good.id}/hide`, { reason: 'Vérification' });
    const hidden = (await lea.get(`/api/forum/topics/${topic.id}`)).json();
    expect(hidden.acceptedAnswer).toBeNull();
    expect(hidden.posts[0]).toMatchObject({ id: good.id, body: null, accepted: false });
    const listed = (await lea.get('/api/forum/categories/entraide/topics')).json();
    expect(listed.topics.find((x: { id: string }) => x.id === topic.id)?.hasAcceptedAnswer).toBe(false);
    await admin.post(`/api/forum/posts/${good.id}/restore`, { reason: 'Correct' });
    expect((await lea.get(`/api/forum/topics/${topic.id}`)).json().acceptedAnswer?.id).toBe(good.id);
  });

  it('shows a deleted account as a former member', async () => {
    const gone = await signUpSubscriber(t, { name: 'Parti Bientôt' });
    const topic = await ask(gone, { isPublic: true });
    await db.delete(user).where(eq(user.id, gone.userId));
    const page = (await visitor.get(`/api/forum/topics/${topic.id}`)).json();
    expect(page.topic.author).toEqual({ id: null, name: forumMessages.formerMember, image: null, trade: null });
  });

  it('answers 20 concurrent replies with reply_count exactly 20', async () => {
    const topic = await ask(paul);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => marie.post(`/api/forum/topics/${topic.id}/posts`, { body: `Réponse ${i}` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const [row] = await db.select().from(forumTopics).where(eq(forumTopics.id, topic.id));
    expect(row?.replyCount).toBe(20);
  });
});

describe('mentions', () => {
  it('needs the member to exist and be named with @, notifies once, never the author', async () => {
    const unknown = await marie.post('/api/forum/categories/entraide/topics', {
      title: 'Avec une mention',
      body: 'Bonjour @Personne',
      mentions: ['inconnu'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('FORUM_MENTION_UNKNOWN');
    const missing = await marie.post('/api/forum/categories/entraide/topics', {
      title: 'Avec une mention',
      body: 'Bonjour à tous',
      mentions: [paul.userId],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.body).toBe(forumMessages.mentionMissing('Paul Martin'));
    const before = (await notes(paul.userId, 'forum_mention')).length;
    const topic = await ask(marie, {
      body: 'Une idée @Paul Martin et @Marie Dupont\u202f?',
      mentions: [paul.userId, marie.userId],
    });
    const after = await notes(paul.userId, 'forum_mention');
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)?.title).toBe(forumMessages.mentionTitle('Marie Dupont', `Une question numéro ${titleCounter}`));
    expect(after.at(-1)?.link).toBe(`/forum/sujets/${topic.id}`);
    expect(await notes(marie.userId, 'forum_mention')).toHaveLength(0);
    // An edit naming Paul again does not tell him twice; Léa, newly named, is told.
    const edited = await marie.patch(`/api/forum/topics/${topic.id}`, {
      title: 'Une question modifiée',
      body: 'Une idée @Paul Martin et @Léa Roux\u202f?',
      mentions: [paul.userId, lea.userId],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await notes(paul.userId, 'forum_mention')).toHaveLength(before + 1);
    expect(await notes(lea.userId, 'forum_mention')).toHaveLength(1);
    const page = (await paul.get(`/api/forum/topics/${topic.id}`)).json();
    expect(page.topic.mentions.map((m: { name: string }) => m.name)).toEqual(
      expect.arrayContaining(['Paul Martin', 'Léa Roux']),
    );
  });

  it('in a group category, only tells the members who can read it', async () => {
    const before = (await notes(outsider.userId, 'forum_mention')).length;
    const topic = await ask(paul, {}, groupSlug);
    await answer(lea, topic.id, 'Voir @Jean Dehors et @Marie Dupont', [outsider.userId, marie.userId]);
    expect(await notes(outsider.userId, 'forum_mention')).toHaveLength(before);
    expect((await notes(marie.userId, 'forum_mention')).some((n) => n.link === `/forum/sujets/${topic.id}`)).toBe(true);
  });

  it('proposes members by name, accents folded, with their trade', async () => {
    const res = await marie.get('/api/forum/mentionable?q=lea');
    expect(res.statusCode).toBe(200);
    expect(res.json().members).toEqual([{ id: lea.userId, name: 'Léa Roux', trade: null }]);
    expect(
      (await marie.get('/api/forum/mentionable?q=mar')).json().members.map((m: { name: string }) => m.name),
    ).toEqual(['Paul Martin']);
  });
});

describe('reports and moderation', () => {
  it('refuses reporting one’s own message and reporting twice (10 at once: one 201)', async () => {
    const topic = await ask(paul);
    const own = await paul.post(`/api/forum/topics/${topic.id}/report`, {});
    expect(own.statusCode).toBe(400);
    expect(own.json().error.code).toBe('FORUM_OWN_MESSAGE');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => lea.post(`/api/forum/topics/${topic.id}/report`, { reason: 'Hors sujet' })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, ...Array(9).fill(409)]);
    expect(results.find((r) => r.statusCode === 409)?.json().error.code).toBe('FORUM_ALREADY_REPORTED');
    const rows = await db.select().from(forumReports).where(eq(forumReports.topicId, topic.id));
    expect(rows).toHaveLength(1);
    expect((await lea.get(`/api/forum/topics/${topic.id}`)).json().topic.reportedByMe).toBe(true);
  });

  it('tells admins of a national report, and a group’s leaders of theirs', async () => {
    const adminBefore = (await notes(admin.userId, 'forum_report')).length;
    const marieBefore = (await notes(marie.userId, 'forum_report')).length;
    const national = await ask(paul);
    await lea.post(`/api/forum/topics/${national.id}/report`, {});
    expect(await notes(admin.userId, 'forum_report')).toHaveLength(adminBefore + 1);
    expect(await notes(marie.userId, 'forum_report')).toHaveLength(marieBefore);
    const inGroup = await ask(paul, {}, groupSlug);
    const reply = await answer(paul, inGroup.id, 'Une réponse douteuse');
    const res = await lea.post(`/api/forum/posts/${reply.id}/report`, { reason: 'Insultant' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await notes(marie.userId, 'forum_report')).toHaveLength(marieBefore + 1);
    expect(await notes(admin.userId, 'forum_report')).toHaveLength(adminBefore + 2);
  });

  it('lets a group’s leader hide and restore there, with a reason; others are refused', async () => {
    const topic = await ask(paul, {}, groupSlug);
    const reply = await answer(lea, topic.id, 'Un message à masquer');
    await paul.post(`/api/forum/posts/${reply.id}/report`, { reason: 'Spam' });
    await outsider.post('/api/forum/categories/entraide/topics', { title: 'Sujet national', body: 'x' });
    expect((await paul.post(`/api/forum/posts/${reply.id}/hide`, { reason: 'Non' })).statusCode).toBe(403);
    const noReason = await marie.post(`/api/forum/posts/${reply.id}/hide`, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toBe(forumMessages.reasonRequired);
    const queue = (await marie.get('/api/forum/reports')).json();
    const line = queue.reports.find((r: { postId: string }) => r.postId === reply.id);
    expect(line).toMatchObject({ reportCount: 1, reason: 'Spam', excerpt: 'Un message à masquer', status: 'open' });
    expect((await paul.get('/api/forum/reports')).statusCode).toBe(403);

    const hidden = await marie.post(`/api/forum/posts/${reply.id}/hide`, { reason: 'Publicité déguisée' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await marie.post(`/api/forum/posts/${reply.id}/hide`, { reason: 'Encore' })).json().error.code).toBe(
      'FORUM_HIDDEN',
    );
    const seen = (await paul.get(`/api/forum/topics/${topic.id}`)).json();
    expect(seen.topic.replyCount).toBe(0);
    expect(seen.posts[0]).toMatchObject({ body: null, hidden: { reason: 'Publicité déguisée' } });
    const moderator = (await marie.get(`/api/forum/topics/${topic.id}`)).json();
    expect(moderator.posts[0].body).toBe('Un message à masquer');
    expect(moderator.viewer.canModerate).toBe(true);
    const decided = (await marie.get('/api/forum/reports?status=hidden')).json();
    expect(decided.reports.map((r: { postId: string }) => r.postId)).toContain(reply.id);

    const restored = await marie.post(`/api/forum/posts/${reply.id}/restore`, { reason: 'Finalement correct' });
    expect(restored.statusCode).toBe(200);
    expect((await paul.get(`/api/forum/topics/${topic.id}`)).json().topic.replyCount).toBe(1);
    expect((await marie.post(`/api/forum/posts/${reply.id}/restore`, { reason: 'x' })).json().error.code).toBe(
      'FORUM_NOT_HIDDEN',
    );
    const events = await db.select().from(forumModerationEvents).where(eq(forumModerationEvents.postId, reply.id));
    expect(events.map((e) => e.action).sort()).toEqual(['hide', 'restore']);
  });

  it('keeps a hidden message as it was: its author cannot rewrite it, even within the 15 minutes', async () => {
    const topic = await ask(paul);
    const reply = await answer(marie, topic.id, 'Texte gardé pour mémoire.');
    expect((await admin.post(`/api/forum/posts/${reply.id}/hide`, { reason: 'Hors sujet' })).statusCode).toBe(200);
    const edited = await marie.patch(`/api/forum/posts/${reply.id}`, { body: 'Réécrit' });
    expect(edited.statusCode).toBe(409);
    expect(edited.json().error.code).toBe('FORUM_HIDDEN');
    const [row] = await db.select().from(forumPosts).where(eq(forumPosts.id, reply.id));
    expect(row?.body).toBe('Texte gardé pour mémoire.');
    expect((await admin.post(`/api/forum/topics/${topic.id}/hide`, { reason: 'Hors charte' })).statusCode).toBe(200);
    const topicEdit = await paul.patch(`/api/forum/topics/${topic.id}`, { title: 'Nouveau titre', body: 'x' });
    expect(topicEdit.statusCode).toBe(409);
  });

  it('hides a topic from lists for non-moderators and keeps it for the record', async () => {
    const topic = await ask(paul);
    expect((await marie.post(`/api/forum/topics/${topic.id}/hide`, { reason: 'Hors charte' })).statusCode).toBe(403);
    expect((await admin.post(`/api/forum/topics/${topic.id}/hide`, { reason: 'Hors charte' })).statusCode).toBe(200);
    const list = (await lea.get('/api/forum/categories/entraide/topics')).json();
    expect(list.topics.map((x: { id: string }) => x.id)).not.toContain(topic.id);
    expect((await lea.get(`/api/forum/topics/${topic.id}`)).statusCode).toBe(404);
    const adminList = (await admin.get('/api/forum/categories/entraide/topics')).json();
    expect(adminList.topics.find((x: { id: string }) => x.id === topic.id)?.hidden).toBe(true);
    const [row] = await db.select().from(forumTopics).where(eq(forumTopics.id, topic.id));
    expect(row?.hiddenReason).toBe('Hors charte');
    const reply = await paul.post(`/api/forum/topics/${topic.id}/posts`, { body: 'x' });
    expect(reply.statusCode).toBe(404);
  });
});

describe('search', () => {
  it('finds stems and folded accents, topics for replies, only what the caller may read', async () => {
    const invoices = await ask(paul, { title: 'Logiciel pour les factures', body: 'Lequel utilisez-vous\u202f?' });
    const electronics = await ask(paul, { title: 'Un réparateur', body: 'Qui répare du matériel ?' });
    await answer(marie, electronics.id, 'Un spécialiste en électronique à Lyon.');
    const secret = await ask(paul, { title: 'Facture du groupe', body: 'Entre nous' }, groupSlug);

    const found = (await lea.get('/api/forum/search?q=facture')).json();
    expect(found.results.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([invoices.id, secret.id]));
    expect(found.pageSize).toBe(20);
    const folded = (await lea.get('/api/forum/search?q=electronique')).json();
    expect(folded.results.map((r: { id: string }) => r.id)).toEqual([electronics.id]);
    expect(folded.results[0].excerpt).toBe('Un spécialiste en électronique à Lyon.');
    const other = (await outsider.get('/api/forum/search?q=facture')).json();
    expect(other.results.map((r: { id: string }) => r.id)).not.toContain(secret.id);
    const inCategory = (await lea.get(`/api/forum/search?q=facture&category=${groupSlug}`)).json();
    expect(inCategory.results.map((r: { id: string }) => r.id)).toEqual([secret.id]);
    const short = await lea.get('/api/forum/search?q=a');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.q).toBe(forumMessages.searchTooShort);
  });

  it('lets a visitor search what a visitor reads: titles of national topics, the text of public questions', async () => {
    const members = await ask(paul, {
      title: 'Assurance décennale des artisans',
      body: 'Quel courtier pour la garantie\u202f?',
    });
    const open = await ask(paul, {
      title: 'Question ouverte',
      body: 'Comment calculer un acompte de chantier\u202f?',
      isPublic: true,
    });
    await answer(marie, open.id, 'Trente pour cent à la commande, en général.');
    const inGroup = await ask(paul, { title: 'Assurance du groupe', body: 'Entre nous' }, groupSlug);
    const ids = async (q: string) =>
      (await visitor.get(`/api/forum/search?q=${encodeURIComponent(q)}`)).json().results as {
        id: string;
        excerpt: string;
      }[];
    // A members' topic: found by its title, never by its text, and its excerpt is the title.
    const byTitle = await ids('assurance');
    expect(byTitle.map((r) => r.id)).toContain(members.id);
    expect(byTitle.map((r) => r.id)).not.toContain(inGroup.id);
    expect(byTitle.find((r) => r.id === members.id)?.excerpt).toBe('Assurance décennale des artisans');
    expect((await ids('courtier garantie')).map((r) => r.id)).not.toContain(members.id);
    // A public question: by its text and its replies.
    expect((await ids('acompte')).map((r) => r.id)).toContain(open.id);
    expect((await ids('commande')).map((r) => r.id)).toContain(open.id);
  });
});

describe('the landing (issue 31)', () => {
  type Landing = { latest: { id: string; categoryName: string }[]; unanswered: { id: string }[] };
  const landing = async (who: { get: (url: string) => Promise<{ statusCode: number; json: () => unknown }> }) => {
    const res = await who.get('/api/forum/latest');
    expect(res.statusCode).toBe(200);
    return res.json() as Landing;
  };
  const ids = (list: { id: string }[]) => list.map((topic) => topic.id);

  it('opens on the latest discussions and the questions nobody answered, what each caller reads', async () => {
    const national = await ask(paul, { isPublic: true });
    const inGroup = await ask(paul, {}, groupSlug);
    // A member of the group reads both, newest activity first, the category named.
    const forLea = await landing(lea);
    expect(ids(forLea.latest).slice(0, 2)).toEqual([inGroup.id, national.id]);
    expect(forLea.latest[1]?.categoryName).toBe('Entraide');
    expect(ids(forLea.unanswered).slice(0, 2)).toEqual([inGroup.id, national.id]);
    // Outside the group, and a visitor: the national one only.
    for (const who of [outsider, visitor]) {
      const seen = await landing(who);
      expect(ids(seen.latest)).toContain(national.id);
      expect(ids(seen.latest)).not.toContain(inGroup.id);
      expect(ids(seen.unanswered)).not.toContain(inGroup.id);
    }
    // An answer moves the question up and out of the unanswered ones.
    await answer(marie, national.id);
    const after = await landing(lea);
    expect(ids(after.latest)[0]).toBe(national.id);
    expect(ids(after.unanswered)).not.toContain(national.id);
    expect(ids(after.unanswered)).toContain(inGroup.id);
    expect(after.latest.length).toBeLessThanOrEqual(10);
    expect(after.unanswered.length).toBeLessThanOrEqual(5);
    // A hidden topic is on nobody's landing, a moderator's included.
    await db
      .update(forumTopics)
      .set({ hiddenAt: new Date(), hiddenReason: 'Hors sujet' })
      .where(eq(forumTopics.id, inGroup.id));
    for (const who of [lea, marie, admin]) {
      const seen = await landing(who);
      expect(ids(seen.latest)).not.toContain(inGroup.id);
      expect(ids(seen.unanswered)).not.toContain(inGroup.id);
    }
  });
});

describe('query counts', () => {
  it('answers lists, a topic page and search in a constant number of queries', async () => {
    const measure = async () => {
      const topic = (await lea.get('/api/forum/categories/outils/topics')).json().topics[0];
      return {
        categories: await countQueries(() => lea.get('/api/forum/categories')),
        landing: await countQueries(() => lea.get('/api/forum/latest')),
        list: await countQueries(() => lea.get('/api/forum/categories/outils/topics')),
        topic: topic ? await countQueries(() => lea.get(`/api/forum/topics/${topic.id}`)) : 0,
        search: await countQueries(() => lea.get('/api/forum/search?q=outil')),
      };
    };
    const seedOnce = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const topic = await ask(paul, { title: `Un outil numéro ${i}`, body: 'Quel outil ?' }, 'outils');
        await answer(marie, topic.id, `Cet outil @Léa Roux`, [lea.userId]);
        await answer(lea, topic.id, 'Un autre outil');
      }
    };
    await seedOnce(2);
    await lea.get('/api/forum/categories');
    const small = await measure();
    await seedOnce(6);
    const large = await measure();
    expect(large).toEqual(small);
    expect(small.list).toBeLessThanOrEqual(4);
    expect(small.landing).toBeLessThanOrEqual(3);
    expect(small.topic).toBeLessThanOrEqual(4);
  });
});
