import { readFileSync } from 'node:fs';
import { apiErrors, memberQuotas } from '@synergie/shared';
import type { RosterMapping, RosterReview, RosterTable } from '@synergie/shared/roster-import';
import { typographyProblems } from '@synergie/shared/typography';
import { and, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  groupHistory,
  groupMembers,
  groups,
  mailOutbox,
  memberQuotaCounters,
  profiles,
  user,
  userRoles,
} from '../src/db/schema';
import { takeQuota } from '../src/domain/quotas';
import { createTestApp } from './helpers/app';
import { testDbKind } from './helpers/db';
import { catalogue, createGroup, seat } from './helpers/groups';
import { insertMembers, type Member, signUpSubscriber } from './helpers/members';
import { uploadFile } from './helpers/upload';

/**
 * The roster import (issue 33, docs/product/roster-import.md): the file read (XLSX, CSV in UTF-8
 * with or without BOM or in Windows-1252, `;` or `,`), the dry run's French problems, the import
 * in one transaction (all or nothing), idempotent by email, two imports at once, the line limit,
 * and who may import. Through the HTTP routes, on PGlite or PostgreSQL (TEST_DB).
 */

const t = await createTestApp();
const db = t.database.db;
const TRADES = await catalogue(db);
const tradeBySlugLabel = (label: string) => {
  const found = TRADES.find((tr) => tr.label === label);
  if (!found) throw new Error(`no trade ${label}`);
  return found.id;
};

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A new group whose président is a signed-in subscriber (seated on `trade`). */
async function ledGroup(trade = 'Notaire', role: 'president' | 'vice_president' = 'president') {
  const group = await createGroup(db);
  const leader = await signUpSubscriber(t, {}, { tradeId: tradeBySlugLabel(trade) });
  await seat(db, group.id, [{ userId: leader.userId, tradeId: tradeBySlugLabel(trade), role }]);
  return { group, leader };
}

const read = (who: Member | null, groupId: string, body: Buffer, filename: string, type = 'text/csv') =>
  uploadFile(t, `/api/groups/${groupId}/roster/file`, who, { body, filename, type });

const csv = (lines: string[], bom = false) =>
  Buffer.concat([bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(lines.join('\n'), 'utf8')]);

async function tableOf(who: Member, groupId: string, body: Buffer, filename = 'liste.csv'): Promise<RosterTable> {
  const res = await read(who, groupId, body, filename, filename.endsWith('.xlsx') ? XLSX_TYPE : 'text/csv');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const bodyOf = (table: RosterTable, tradeChoices: Record<string, string> = {}, mapping?: RosterMapping) => ({
  headers: table.headers,
  rows: table.rows,
  mapping: mapping ?? table.mapping,
  tradeChoices,
});

async function members(groupId: string) {
  return db
    .select({ userId: groupMembers.userId, email: user.email, role: groupMembers.role, tradeId: groupMembers.tradeId })
    .from(groupMembers)
    .innerJoin(user, eq(user.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.status, 'active')));
}

async function invitationsTo(emails: string[]) {
  return db
    .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.to, emails), eq(mailOutbox.template, 'roster-invitation')));
}

let unique = 0;
/** A roster of `n` people with addresses of this run only, on distinct free trades. */
function freshRoster(n: number, offset = 60) {
  unique += 1;
  // The leaders of these tests sit on `Notaire` and `Caviste`.
  const free = TRADES.filter((tr) => tr.label !== 'Notaire' && tr.label !== 'Caviste');
  const rows = Array.from({ length: n }, (_, i) => {
    const trade = free[offset + i] as { label: string };
    return `Personne ${unique}-${i};personne${unique}.${i}.${Date.now()}@roster.example;${trade.label}`;
  });
  return csv(['Nom;Email;Métier', ...rows]);
}

describe(`reading the file (${testDbKind})`, () => {
  it('reads the BNI Connect XLSX roster and guesses its English columns', async () => {
    const { group, leader } = await ledGroup();
    const table = await tableOf(leader, group.id, fixture('roster-bni.xlsx'), 'roster-bni.xlsx');
    expect(table.format).toBe('xlsx');
    expect(table.headers).toEqual([
      'First Name',
      'Last Name',
      'Company Name',
      'Email',
      'Phone',
      'Profession/Specialty',
      'Chapter Role',
      'Member Since',
    ]);
    expect(table.mapping).toEqual({ name: [0, 1], email: 3, phone: 4, company: 2, trade: 5, role: 6, form: null });
    expect(table.rows).toHaveLength(8);
    expect(table.rows[0]).toEqual({
      line: 2,
      cells: [
        'Sophie',
        'Lambert',
        'Lambert Plomberie',
        'sophie.lambert@roster.example',
        '06 11 22 33 44',
        'Construction > Plombier chauffagiste',
        'President',
        '2024-03-12',
      ],
    });
  });

  it('decodes a Latin-1 (Windows-1252) CSV with `;` and guesses its French columns', async () => {
    const { group, leader } = await ledGroup();
    const table = await tableOf(leader, group.id, fixture('roster-latin1.csv'));
    expect(table).toMatchObject({ format: 'csv', encoding: 'windows-1252', separator: ';' });
    expect(table.headers).toEqual(['Prénom', 'Nom', 'Société', 'Courriel', 'Téléphone', 'Métier', 'Rôle']);
    expect(table.mapping).toEqual({ name: [0, 1], email: 3, phone: 4, company: 2, trade: 5, role: 6, form: null });
    expect(table.rows.map((r) => r.cells[0])).toEqual(['Amélie', 'Jérôme', 'Françoise']);
    expect(table.rows[2]?.cells[1]).toBe('Lœvenbruck');
  });

  it('reads UTF-8 with a BOM and `,`, and UTF-8 without one', async () => {
    const { group, leader } = await ledGroup();
    const withBom = await tableOf(
      leader,
      group.id,
      csv(
        ['Nom complet,E-mail,Entreprise,Métier', '"Zoé Brûlé, fille",zoe@roster.example,"Brûlé & Cie",Fleuriste'],
        true,
      ),
    );
    expect(withBom).toMatchObject({ encoding: 'utf-8', separator: ',' });
    expect(withBom.headers[0]).toBe('Nom complet');
    expect(withBom.rows[0]?.cells).toEqual(['Zoé Brûlé, fille', 'zoe@roster.example', 'Brûlé & Cie', 'Fleuriste']);
    expect(withBom.mapping).toEqual({ name: [0], email: 1, phone: null, company: 2, trade: 3, role: null, form: null });
    const without = await tableOf(
      leader,
      group.id,
      csv(['Nom;Email;Métier', 'Zoé Brûlé;zoe@roster.example;Fleuriste']),
    );
    expect(without).toMatchObject({ encoding: 'utf-8', separator: ';' });
    expect(without.rows[0]?.cells[0]).toBe('Zoé Brûlé');
  });

  it('refuses 10,000 lines in French (CSV and XLSX) and writes nothing', async () => {
    const { group, leader } = await ledGroup();
    const usersBefore = await db.select({ n: sql<number>`count(*)::int` }).from(user);
    const big = csv([
      'Nom;Email;Métier',
      ...Array.from({ length: 10_000 }, (_, i) => `P ${i};p${i}@roster.example;Fleuriste`),
    ]);
    const res = await read(leader, group.id, big, 'grand.csv');
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({
      code: 'ROSTER_TOO_MANY_LINES',
      message: 'Le fichier compte plus de 500 lignes\u00a0: importez au plus 500 membres à la fois.',
    });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Liste');
    sheet.addRow(['Nom', 'Email', 'Métier']);
    for (let i = 0; i < 10_000; i++) sheet.addRow([`P ${i}`, `p${i}@roster.example`, 'Fleuriste']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const res2 = await read(leader, group.id, xlsx, 'grand.xlsx', XLSX_TYPE);
    expect(res2.statusCode).toBe(413);
    expect(res2.json().error.code).toBe('ROSTER_TOO_MANY_LINES');
    // 500 lines exactly are read.
    const fine = csv([
      'Nom;Email;Métier',
      ...Array.from({ length: 500 }, (_, i) => `P ${i};p${i}@roster.example;Fleuriste`),
    ]);
    expect((await read(leader, group.id, fine, 'juste.csv')).statusCode).toBe(200);
    // The dry run's body is held to the same limit.
    const rows = Array.from({ length: 501 }, (_, i) => ({ line: i + 2, cells: [`P ${i}`, `p${i}@x.fr`, 'Fleuriste'] }));
    const dry = await leader.post(`/api/groups/${group.id}/roster/dry-run`, {
      headers: ['Nom', 'Email', 'Métier'],
      rows,
      mapping: { name: [0], email: 1, phone: null, company: null, trade: 2, role: null },
    });
    expect(dry.statusCode).toBe(400);
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(user)).toEqual(usersBefore);
  });

  it('refuses an image, an old .xls, an empty file and a header alone with French messages', async () => {
    const { group, leader } = await ledGroup();
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
    expect((await read(leader, group.id, png, 'photo.png', 'image/png')).json().error).toMatchObject({
      code: 'ROSTER_UNREADABLE',
      message: 'Ce fichier ne se lit pas comme un tableau CSV ou XLSX.',
    });
    const xls = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(64)]);
    const old = await read(leader, group.id, xls, 'liste.xls', 'application/vnd.ms-excel');
    expect(old.statusCode).toBe(415);
    expect(old.json().error.message).toBe(apiErrors.ROSTER_OLD_EXCEL.message);
    const headerOnly = await read(leader, group.id, csv(['Nom;Email;Métier']), 'vide.csv');
    expect(headerOnly.statusCode).toBe(422);
    expect(headerOnly.json().error.code).toBe('ROSTER_EMPTY');
    const broken = await read(leader, group.id, Buffer.from('PK\u0003\u0004pas un classeur'), 'faux.xlsx', XLSX_TYPE);
    expect(broken.statusCode).toBe(422);
    expect(broken.json().error.code).toBe('ROSTER_UNREADABLE');
    for (const code of ['ROSTER_UNREADABLE', 'ROSTER_OLD_EXCEL', 'ROSTER_EMPTY', 'ROSTER_TOO_MANY_LINES'] as const) {
      expect(typographyProblems(apiErrors[code].message)).toEqual([]);
    }
  });
});

describe(`the dry run (${testDbKind})`, () => {
  it('names each line’s problem in French and writes nothing', async () => {
    const { group, leader } = await ledGroup('Notaire');
    // A plumber already holds the group's seat.
    const [holder] = await insertMembers(t, 1, [
      { fullName: 'Paul Tuyau', tradeId: tradeBySlugLabel('Plombier chauffagiste') },
    ]);
    await seat(db, group.id, [{ userId: holder as string, tradeId: tradeBySlugLabel('Plombier chauffagiste') }]);
    const stamp = Date.now();
    const table = await tableOf(
      leader,
      group.id,
      csv([
        'Nom;Email;Métier;Rôle',
        `Alice Bon;alice.${stamp}@roster.example;electricien;Membre`,
        `Bruno Faux;pas-un-email;Fleuriste;`,
        `Chloé Double;alice.${stamp}@roster.example;Traiteur;`,
        `David Deux;david.${stamp}@roster.example;Électricien;`,
        `Emma Siège;emma.${stamp}@roster.example;Plombier;`,
        `Farid Inconnu;farid.${stamp}@roster.example;Astronaute;`,
        `;sans.nom.${stamp}@roster.example;Garagiste;`,
        `Gaëlle Ambiguë;gaelle.${stamp}@roster.example;Courtier;`,
        `Hervé Rôle;herve.${stamp}@roster.example;Caviste;Trésorier`,
      ]),
    );
    const usersBefore = await db.select({ n: sql<number>`count(*)::int` }).from(user);
    const res = await leader.post(`/api/groups/${group.id}/roster/dry-run`, bodyOf(table));
    expect(res.statusCode, res.body).toBe(200);
    const review: RosterReview = res.json();
    const byLine = new Map(review.lines.map((l) => [l.line, l]));
    expect(byLine.get(2)).toMatchObject({ action: 'create', trade: { label: 'Électricien' }, problems: [] });
    expect(byLine.get(3)?.problems).toEqual(['Email invalide\u00a0: «\u00a0pas-un-email\u00a0»']);
    expect(byLine.get(4)?.problems).toEqual(['Email en double dans le fichier (déjà à la ligne 2)']);
    expect(byLine.get(5)?.problems).toEqual([
      'Le métier «\u00a0Électricien\u00a0» est déjà pris par la ligne 2 du fichier (un siège par métier)',
    ]);
    // `Plombier` is close to one trade only; its seat is held.
    expect(byLine.get(6)?.problems).toEqual([
      'Le siège «\u00a0Plombier chauffagiste\u00a0» est déjà pris dans ce groupe par Paul Tuyau',
    ]);
    expect(byLine.get(7)?.problems).toEqual([
      'Métier inconnu du catalogue\u00a0: «\u00a0Astronaute\u00a0» (choisissez-en un)',
    ]);
    expect(byLine.get(8)?.problems).toEqual(['Nom manquant']);
    expect(byLine.get(9)?.problems).toEqual([
      'Métier ambigu\u00a0: «\u00a0Courtier\u00a0» (choisissez parmi les métiers proposés)',
    ]);
    // The président gives roles: `Trésorier` is the secretary-treasurer.
    expect(byLine.get(10)).toMatchObject({ action: 'create', role: 'secretary_treasurer', problems: [] });
    expect(review.counts).toEqual({ create: 2, attach: 0, unchanged: 0, refused: 7 });
    expect(review.ready).toBe(false);
    const courtier = review.trades.find((tr) => tr.text === 'Courtier');
    expect(courtier?.match).toBe('ambiguous');
    expect(courtier?.candidates.map((c) => c.label)).toEqual(
      expect.arrayContaining(['Courtier en assurances', 'Courtier en crédit immobilier', 'Courtier en énergie']),
    );
    for (const line of review.lines)
      for (const p of [...line.problems, ...line.notes]) expect(typographyProblems(p)).toEqual([]);

    // The choice made on the preview settles the ambiguity (and an unknown trade).
    const chosen = await leader.post(
      `/api/groups/${group.id}/roster/dry-run`,
      bodyOf(table, {
        courtier: tradeBySlugLabel('Courtier en assurances'),
        astronaute: tradeBySlugLabel('Garagiste'),
      }),
    );
    const again: RosterReview = chosen.json();
    expect(again.lines.find((l) => l.line === 9)).toMatchObject({
      action: 'create',
      trade: { label: 'Courtier en assurances' },
    });
    expect(again.lines.find((l) => l.line === 7)).toMatchObject({ action: 'create', trade: { label: 'Garagiste' } });
    // …and the line that names `Garagiste` itself is then a trade held twice in the file.
    expect(again.lines.find((l) => l.line === 8)?.problems).toEqual([
      'Nom manquant',
      'Le métier «\u00a0Garagiste\u00a0» est déjà pris par la ligne 7 du fichier (un siège par métier)',
    ]);

    // The import refuses the whole file: no account, no seat, no mail.
    const commit = await leader.post(`/api/groups/${group.id}/roster/import`, bodyOf(table));
    expect(commit.statusCode).toBe(422);
    expect(commit.json().error.message).toBe(apiErrors.ROSTER_HAS_PROBLEMS.message);
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(user)).toEqual(usersBefore);
    expect(await members(group.id)).toHaveLength(2);
    expect(await invitationsTo([`alice.${stamp}@roster.example`, `herve.${stamp}@roster.example`])).toEqual([]);
  });

  it('says when the group has no room for the file (50 members)', async () => {
    const { group, leader } = await ledGroup('Notaire');
    const fillers = await insertMembers(t, 47, (i) => ({
      fullName: `Membre ${i}`,
      tradeId: (TRADES[100 + i] as { id: string }).id,
    }));
    await seat(
      db,
      group.id,
      fillers.map((userId, i) => ({ userId, tradeId: (TRADES[100 + i] as { id: string }).id })),
    );
    const table = await tableOf(leader, group.id, freshRoster(4, 10));
    const review: RosterReview = (await leader.post(`/api/groups/${group.id}/roster/dry-run`, bodyOf(table))).json();
    expect(review.problems).toEqual([
      'Le groupe n’a plus que 2 places (50 membres au maximum)\u00a0: retirez des lignes.',
    ]);
    expect(review.ready).toBe(false);
    expect((await leader.post(`/api/groups/${group.id}/roster/import`, bodyOf(table))).statusCode).toBe(422);
    expect(await members(group.id)).toHaveLength(48);
  });
});

describe(`the import (${testDbKind})`, () => {
  it('imports the BNI roster as it is: accounts created, seats given, roles, invitations; again: nothing changes', async () => {
    const { group, leader } = await ledGroup('Notaire');
    const table = await tableOf(leader, group.id, fixture('roster-bni.xlsx'), 'roster-bni.xlsx');
    const dry: RosterReview = (await leader.post(`/api/groups/${group.id}/roster/dry-run`, bodyOf(table))).json();
    expect(dry.ready).toBe(true);
    expect(dry.counts).toEqual({ create: 8, attach: 0, unchanged: 0, refused: 0 });
    const first = dry.lines[0];
    // The importer is the président: the file's `President` stays a member, said in a note.
    expect(first?.role).toBeNull();
    expect(first?.notes).toContain(`Rôle Président déjà tenu dans ce groupe par ${leader.member.name}\u00a0: membre`);
    expect(first?.trade?.label).toBe('Plombier chauffagiste');
    expect(dry.lines[4]?.notes).toEqual(['Rôle «\u00a0Education Coordinator\u00a0» non repris\u00a0: membre']);

    const res = await leader.post(`/api/groups/${group.id}/roster/import`, bodyOf(table));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 8, attached: 0, unchanged: 0, invited: 8 });
    const seated = await members(group.id);
    expect(seated).toHaveLength(9);
    const emails = table.rows.map((r) => r.cells[3] as string);
    expect(seated.map((s) => s.email).sort()).toEqual([leader.member.email, ...emails].sort());
    expect(seated.find((s) => s.email === 'karim.benali@roster.example')).toMatchObject({
      role: 'vice_president',
      tradeId: tradeBySlugLabel('Électricien'),
    });
    expect(seated.find((s) => s.email === 'ines.carre@roster.example')?.role).toBe('secretary_treasurer');
    expect(seated.find((s) => s.email === 'sophie.lambert@roster.example')).toMatchObject({
      role: null,
      tradeId: tradeBySlugLabel('Plombier chauffagiste'),
    });
    const [profile] = await db
      .select({
        fullName: profiles.fullName,
        company: profiles.companyName,
        phone: profiles.phone,
        code: profiles.referralCode,
      })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(eq(user.email, 'lea.chevalier@roster.example'));
    expect(profile).toMatchObject({ fullName: 'Léa Chevalier', company: 'Les Fleurs de Léa', phone: '06 44 55 66 77' });
    expect(profile?.code).toBeTruthy();
    const [count] = await db.select({ n: groups.activeMembers }).from(groups).where(eq(groups.id, group.id));
    expect(count?.n).toBe(9);
    const mails = await invitationsTo(emails);
    expect(mails).toHaveLength(8);
    const lea = mails.find((m) => m.to === 'lea.chevalier@roster.example');
    expect(lea?.subject).toBe(`Votre place dans ${group.name} vous attend - Synergie Pro`);
    expect(lea?.text).toContain('http://localhost:3000/reset-password');
    expect(lea?.text).toContain('au siège Fleuriste');
    const history = await db
      .select({ kind: groupHistory.kind })
      .from(groupHistory)
      .where(and(eq(groupHistory.groupId, group.id), eq(groupHistory.kind, 'imported')));
    expect(history).toHaveLength(8);

    // The claim: a reset link asked with the address reaches the new member.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: t.env.SITE_URL },
      payload: { email: 'lea.chevalier@roster.example', redirectTo: '/reset-password' },
      remoteAddress: '10.77.0.1',
    });
    expect(reset.statusCode).toBe(200);
    const resetMails = await db
      .select({ template: mailOutbox.template })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, 'lea.chevalier@roster.example'), eq(mailOutbox.template, 'reset-password')));
    expect(resetMails).toHaveLength(1);

    // The same file again: nothing changes, no mail.
    const again = await leader.post(`/api/groups/${group.id}/roster/import`, bodyOf(table));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ created: 0, attached: 0, unchanged: 8, invited: 0 });
    expect(await members(group.id)).toHaveLength(9);
    expect(await invitationsTo(emails)).toHaveLength(8);
    const accounts = await db.select({ id: user.id }).from(user).where(inArray(user.email, emails));
    expect(accounts).toHaveLength(8);
  });

  it('reads the `Civilité` column: imported women read their titles and trade in the feminine (issue 31)', async () => {
    const { group, leader } = await ledGroup('Notaire');
    const stamp = `${Date.now()}`;
    const email = (who: string) => `${who}.${stamp}@civilite.example`;
    const table = await tableOf(
      leader,
      group.id,
      csv([
        'Civilité;Prénom;Nom;Email;Métier;Rôle',
        `Madame;Nadia;Benali;${email('nadia')};Avocat;`,
        `M.;Paul;Roux;${email('paul')};Électricien;`,
        `Dr;Léa;Morel;${email('lea')};Formateur;`,
        `;Inès;Garnier;${email('ines')};Développeuse web;`,
        `;Julie;Faure;${email('julie')};Coiffeur;Trésorière`,
        `Mme;Claire;Petit;${email('claire')};Architecte;`,
      ]),
    );
    expect(table.mapping).toEqual({ name: [1, 2], email: 3, phone: null, company: null, trade: 4, role: 5, form: 0 });
    const dry: RosterReview = (await leader.post(`/api/groups/${group.id}/roster/dry-run`, bodyOf(table))).json();
    expect(dry.ready).toBe(true);
    const line = (first: string) => dry.lines.find((l) => l.name.startsWith(first));
    expect(line('Nadia')).toMatchObject({ titleForm: 'feminine', tradeLabel: 'Avocate', trade: { label: 'Avocat' } });
    expect(line('Paul')).toMatchObject({ titleForm: 'masculine', tradeLabel: 'Électricien', notes: [] });
    expect(line('Léa')).toMatchObject({ titleForm: 'masculine', tradeLabel: 'Formateur' });
    expect(line('Léa')?.notes).toEqual(['Civilité «\u00a0Dr\u00a0» non reprise\u00a0: titres au masculin']);
    // No civilité: the file's own feminine words (the trade, the role) say it.
    expect(line('Inès')).toMatchObject({ titleForm: 'feminine', tradeLabel: 'Développeuse web' });
    expect(line('Inès')?.notes).toEqual(['Titres au féminin (le fichier l’écrit au féminin)']);
    expect(line('Julie')).toMatchObject({
      titleForm: 'feminine',
      tradeLabel: 'Coiffeuse',
      role: 'secretary_treasurer',
    });
    expect(line('Claire')).toMatchObject({ titleForm: 'feminine', tradeLabel: 'Architecte' });
    for (const l of dry.lines) for (const note of l.notes) expect(typographyProblems(note)).toEqual([]);

    const res = await leader.post(`/api/groups/${group.id}/roster/import`, bodyOf(table));
    expect(res.statusCode, res.body).toBe(200);
    const forms = await db
      .select({ email: user.email, titleForm: profiles.titleForm })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(inArray(user.email, ['nadia', 'paul', 'lea', 'ines', 'julie', 'claire'].map(email)));
    expect(Object.fromEntries(forms.map((f) => [f.email.split('.')[0], f.titleForm]))).toEqual({
      nadia: 'feminine',
      paul: 'masculine',
      lea: 'masculine',
      ines: 'feminine',
      julie: 'feminine',
      claire: 'feminine',
    });
    const mails = await invitationsTo([email('nadia'), email('paul')]);
    expect(mails.find((m) => m.to === email('nadia'))?.text).toContain('au siège Avocate');
    expect(mails.find((m) => m.to === email('paul'))?.text).toContain('au siège Électricien');
    // The group page names her as she chose: `Secrétaire-trésorière`, `Coiffeuse`.
    const page = (await leader.get(`/api/group-pages/${group.slug}`)).json() as {
      members: { fullName: string; roleLabel: string | null; tradeLabel: string }[];
    };
    expect(page.members.find((m) => m.fullName === 'Julie Faure')).toMatchObject({
      roleLabel: 'Secrétaire-trésorière',
      tradeLabel: 'Coiffeuse',
    });
  });

  it('attaches an existing account by its email (any case), and refuses a member of another group', async () => {
    const { group, leader } = await ledGroup('Notaire');
    const existing = await signUpSubscriber(t);
    const elsewhere = await signUpSubscriber(t, {}, { tradeId: tradeBySlugLabel('Caviste') });
    const other = await createGroup(db);
    await seat(db, other.id, [{ userId: elsewhere.userId, tradeId: tradeBySlugLabel('Caviste') }]);
    const table = await tableOf(
      leader,
      group.id,
      csv([
        'Nom;Email;Métier',
        `Déjà Inscrit;${existing.member.email.toUpperCase()};Fleuriste`,
        `Ailleurs;${elsewhere.member.email};Caviste`,
      ]),
    );
    const review: RosterReview = (await leader.post(`/api/groups/${group.id}/roster/dry-run`, bodyOf(table))).json();
    expect(review.lines[0]).toMatchObject({ action: 'attach', notes: ['Compte existant\u00a0: il reçoit son siège'] });
    expect(review.lines[1]?.problems).toEqual([`Déjà membre d’un autre groupe («\u00a0${other.name}\u00a0»)`]);
    const onlyFirst = { ...table, rows: table.rows.slice(0, 1) };
    const res = await leader.post(`/api/groups/${group.id}/roster/import`, bodyOf(onlyFirst));
    expect(res.json()).toEqual({ created: 0, attached: 1, unchanged: 0, invited: 0 });
    const seated = await members(group.id);
    expect(seated.find((s) => s.userId === existing.userId)?.tradeId).toBe(tradeBySlugLabel('Fleuriste'));
    const [account] = await db
      .select({ name: profiles.fullName })
      .from(profiles)
      .where(eq(profiles.userId, existing.userId));
    // Their own name stays; only the missing trade was filled in.
    expect(account?.name).toBe(existing.member.name);
  });

  it('two imports of the same file at once: one set of members', async () => {
    const { group, leader } = await ledGroup('Notaire');
    const vice = await signUpSubscriber(t, {}, { tradeId: tradeBySlugLabel('Caviste') });
    await seat(db, group.id, [{ userId: vice.userId, tradeId: tradeBySlugLabel('Caviste'), role: 'vice_president' }]);
    const table = await tableOf(leader, group.id, freshRoster(12, 20));
    const answers = await Promise.all([
      leader.post(`/api/groups/${group.id}/roster/import`, bodyOf(table)),
      vice.post(`/api/groups/${group.id}/roster/import`, bodyOf(table)),
      leader.post(`/api/groups/${group.id}/roster/import`, bodyOf(table)),
    ]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const results = answers.map((a) => a.json());
    expect(results.map((r) => r.created).sort()).toEqual([0, 0, 12]);
    expect(results.map((r) => r.unchanged).sort()).toEqual([0, 12, 12]);
    expect(await members(group.id)).toHaveLength(14);
    const emails = table.rows.map((r) => r.cells[1] as string);
    expect(await db.select({ id: user.id }).from(user).where(inArray(user.email, emails))).toHaveLength(12);
    expect(await invitationsTo(emails)).toHaveLength(12);
  });

  it('a vice-président imports: roles are not given, the members are', async () => {
    const { group } = await ledGroup('Notaire');
    const vice = await signUpSubscriber(t, {}, { tradeId: tradeBySlugLabel('Caviste') });
    await seat(db, group.id, [{ userId: vice.userId, tradeId: tradeBySlugLabel('Caviste'), role: 'vice_president' }]);
    const stamp = Date.now();
    const table = await tableOf(
      vice,
      group.id,
      csv(['Nom,Email,Métier,Fonction', `Ana Lyse,ana.${stamp}@roster.example,Fleuriste,Secrétaire-trésorière`]),
    );
    const review: RosterReview = (await vice.post(`/api/groups/${group.id}/roster/dry-run`, bodyOf(table))).json();
    expect(review.lines[0]).toMatchObject({
      action: 'create',
      role: null,
      notes: [
        'Rôle non repris\u00a0: seul le président du groupe ou un administrateur nomme les responsables',
        // The file writes her role in the feminine: her titles follow, even without the role.
        'Titres au féminin (le fichier l’écrit au féminin)',
      ],
      titleForm: 'feminine',
    });
    expect((await vice.post(`/api/groups/${group.id}/roster/import`, bodyOf(table))).json().created).toBe(1);
    expect((await members(group.id)).every((m) => m.role !== 'secretary_treasurer')).toBe(true);
  });

  it('a leader of another group, a plain member and a visitor are refused; nothing is written', async () => {
    const { group } = await ledGroup('Notaire');
    const { leader: foreign } = await ledGroup('Notaire');
    const member = await signUpSubscriber(t, {}, { tradeId: tradeBySlugLabel('Caviste') });
    await seat(db, group.id, [{ userId: member.userId, tradeId: tradeBySlugLabel('Caviste') }]);
    const table = {
      headers: ['Nom', 'Email', 'Métier'],
      rows: [{ line: 2, cells: ['Intrus', `intrus.${Date.now()}@roster.example`, 'Fleuriste'] }],
      mapping: { name: [0], email: 1, phone: null, company: null, trade: 2, role: null },
    };
    for (const who of [foreign, member]) {
      for (const path of ['dry-run', 'import']) {
        const res = await who.post(`/api/groups/${group.id}/roster/${path}`, table);
        expect(res.statusCode).toBe(403);
        expect(res.json().error.message).toBe(apiErrors.FORBIDDEN.message);
      }
      expect((await read(who, group.id, csv(['Nom;Email;Métier', 'A;a@b.fr;Fleuriste']), 'l.csv')).statusCode).toBe(
        403,
      );
    }
    expect((await read(null, group.id, csv(['Nom;Email;Métier', 'A;a@b.fr;Fleuriste']), 'l.csv')).statusCode).toBe(401);
    expect(await members(group.id)).toHaveLength(2);
    expect(
      await db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, table.rows[0]?.cells[1] as string)),
    ).toEqual([]);
  });
});

describe(`the importer’s quota of invitations (issue 33, ${testDbKind})`, () => {
  const limits = memberQuotas.rosterInvitations;
  const counterOf = async (userId: string) => {
    const [row] = await db
      .select({ hourCount: memberQuotaCounters.hourCount, refusedCount: memberQuotaCounters.refusedCount })
      .from(memberQuotaCounters)
      .where(and(eq(memberQuotaCounters.userId, userId), eq(memberQuotaCounters.quota, 'rosterInvitations')));
    return row;
  };
  const emailsOf = (table: RosterTable) => table.rows.map((r) => r.cells[1] as string);
  const accountsOf = async (emails: string[]) =>
    (await db.select({ id: user.id }).from(user).where(inArray(user.email, emails))).length;
  const refusal =
    /^Cet import enverrait 3 invitations par email\u00a0: il ne vous en reste que 2 \(50 par heure\)\. Réessayez dans \d+ minutes?, ou importez moins de lignes\.$/;

  it('counts every invitation; a file beyond the quota is said ahead, then refused whole in French (429)', async () => {
    const { group, leader } = await ledGroup();
    // 48 invitations already sent this hour: 2 left.
    expect((await takeQuota(db, limits, leader.userId, 'rosterInvitations', new Date(), 48)).ok).toBe(true);
    const three = await tableOf(leader, group.id, freshRoster(3));

    const dry: RosterReview = (await leader.post(`/api/groups/${group.id}/roster/dry-run`, bodyOf(three))).json();
    expect(dry.ready).toBe(false);
    expect(dry.counts.refused).toBe(0);
    expect(dry.problems).toHaveLength(1);
    expect(dry.problems[0]).toMatch(refusal);
    expect(typographyProblems(dry.problems[0] as string)).toEqual([]);

    const res = await leader.post(`/api/groups/${group.id}/roster/import`, bodyOf(three));
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json().error.code).toBe('QUOTA_EXCEEDED');
    expect(res.json().error.message).toMatch(refusal);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing written: no account, no seat, no mail, nothing counted; the refusal is recorded.
    expect(await accountsOf(emailsOf(three))).toBe(0);
    expect(await members(group.id)).toHaveLength(1);
    expect(await invitationsTo(emailsOf(three))).toHaveLength(0);
    expect(await counterOf(leader.userId)).toMatchObject({ hourCount: 48, refusedCount: 1 });

    // Two lines fit: counted, 50 of 50.
    const two = await tableOf(leader, group.id, freshRoster(2, 70));
    const done = await leader.post(`/api/groups/${group.id}/roster/import`, bodyOf(two));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ created: 2, invited: 2 });
    expect(await counterOf(leader.userId)).toMatchObject({ hourCount: 50 });

    // An existing account attached is told, as at an acceptance, not invited: not counted.
    const existing = await signUpSubscriber(t);
    const attach = await tableOf(
      leader,
      group.id,
      csv(['Nom;Email;Métier', `${existing.member.name};${existing.member.email};Fleuriste`]),
    );
    const attached = await leader.post(`/api/groups/${group.id}/roster/import`, bodyOf(attach));
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json()).toMatchObject({ created: 0, attached: 1 });
    expect(await counterOf(leader.userId)).toMatchObject({ hourCount: 50 });
  });

  it('two imports at once by one admin into two groups: one passes whole, the other is refused whole', async () => {
    const admin = await signUpSubscriber(t);
    await db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    const [first, second] = [await createGroup(db), await createGroup(db)];
    expect((await takeQuota(db, limits, admin.userId, 'rosterInvitations', new Date(), 46)).ok).toBe(true);
    const tables = [
      await tableOf(admin, first.id, freshRoster(3, 80)),
      await tableOf(admin, second.id, freshRoster(3, 90)),
    ];
    const answers = await Promise.all(
      [first, second].map((g, i) => admin.post(`/api/groups/${g.id}/roster/import`, bodyOf(tables[i] as RosterTable))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429]);
    const passed = answers.findIndex((a) => a.statusCode === 200);
    expect(await accountsOf(emailsOf(tables[passed] as RosterTable))).toBe(3);
    expect(await accountsOf(emailsOf(tables[1 - passed] as RosterTable))).toBe(0);
    expect(await members([first, second][1 - passed]?.id as string)).toHaveLength(0);
    expect(await counterOf(admin.userId)).toMatchObject({ hourCount: 49, refusedCount: 1 });
    expect(answers[1 - passed]?.json().error.message).toMatch(/il ne vous en reste que 1 \(50 par heure\)/);
  });
});
