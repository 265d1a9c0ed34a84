import { randomBytes } from 'node:crypto';
import {
  emailSchema,
  GROUP_MAX_MEMBERS,
  LEADER_ROLE_LABELS,
  LEADER_ROLES,
  type LeaderRole,
  profileUpdateSchema,
  type TitleForm,
} from '@synergie/shared';
import {
  foldRosterText,
  ROSTER_FEMININE_ROLE_WORDS,
  ROSTER_ROLE_WORDS,
  type RosterImportResult,
  type RosterLine,
  type RosterMapping,
  type RosterReview,
  type RosterTrade,
  rosterFormOf,
  type rosterImportSchema,
  rosterMessages,
} from '@synergie/shared/roster-import';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { displayName } from '../../db/fragments';
import { user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { pgConstraint, pgErrorCode } from '../../lib/pg-errors';
import { groupApplicationDecisionMail, rosterInvitationMail } from '../../mail/group-mails';
import { enqueueMail } from '../../mail/outbox';
import { createAccountRows } from '../new-accounts';
import { notificationTexts } from '../notification-texts';
import { notify } from '../notifications';
import { type QuotaAnswer, quotaLimitsFrom, quotaRoom, recordQuotaRefusal, takeQuota } from '../quotas';
import { memberContact, recordHistory } from './group-history';
import { closeOtherPlaces } from './seat-offers';
import { lockGroup, takeSeat } from './seats';

/**
 * A group's roster imported from a file (issue 33, docs/product/roster-import.md). The dry run
 * (`reviewRoster`) and the import (`importRoster`) read the same rules: the import runs the
 * review again inside its transaction, after the group's lock that every seat writer takes
 * (seats.ts), and writes nothing unless every line passes: no half-imported group. Members are
 * found by email, so the same file imported twice (one after the other, or at the same instant:
 * the second waits for the lock, then finds them seated) changes nothing the second time.
 */

type Input = z.output<typeof rosterImportSchema>;

interface CatalogueTrade {
  id: string;
  label: string;
  labelFeminine: string | null;
  /** The label folded, and the feminine label folded where the trade has one (issue 31). */
  keys: string[];
  /** The words of each of `keys`. */
  words: string[][];
}

type Existing = {
  id: string;
  email: string;
  trade_id: string | null;
  trade_label: string | null;
  title_form: TitleForm | null;
  group_id: string | null;
  group_name: string | null;
  seat_trade_label: string | null;
};

type Seat = {
  trade_id: string;
  user_id: string;
  role: LeaderRole | null;
  holder: string;
};

/** What the import writes for one line, decided by the review. */
interface Planned {
  line: RosterLine;
  tradeId: string;
  tradeLabel: string;
  existing: Existing | null;
}

/** How many candidates an ambiguous trade offers at most. */
const MAX_CANDIDATES = 12;

/** The file's trade as the catalogue knows it (accents and case aside), with the preview's choice. */
export function matchTrade(
  text: string,
  catalogue: CatalogueTrade[],
  choices: Record<string, string>,
): Omit<RosterTrade, 'text'> {
  const key = foldRosterText(text);
  if (!key) return { key, match: 'missing', trade: null, candidates: [] };
  const ref = (t: CatalogueTrade) => ({ id: t.id, label: t.label });
  // BNI Connect writes `Famille > Spécialité`: the last part names the trade.
  const keys = [...new Set([key, foldRosterText(text.split('>').pop() ?? '')].filter(Boolean))];
  for (const k of keys) {
    const exact = catalogue.find((t) => t.keys.includes(k));
    if (exact) return { key, match: 'exact', trade: ref(exact), candidates: [] };
  }
  const chosen = catalogue.find((t) => t.id === choices[key]);
  if (chosen) return { key, match: 'chosen', trade: ref(chosen), candidates: [] };
  for (const k of keys) {
    const words = k.split(' ');
    // Every word of the file's text starts a word of the label (`plombier` → `Plombier chauffagiste`),
    // or the label's words all appear in the text (`Plombier chauffagiste zingueur`).
    // Either form of the label counts (`consultante` → `Consultant`).
    let candidates = catalogue.filter((t) =>
      t.words.some((form) => words.every((w) => form.some((tw) => tw.startsWith(w)))),
    );
    if (candidates.length === 0) {
      candidates = catalogue.filter((t) => t.words.some((form) => form.every((tw) => words.includes(tw))));
    }
    if (candidates.length === 1) {
      return { key, match: 'close', trade: ref(candidates[0] as CatalogueTrade), candidates: [] };
    }
    if (candidates.length > 1) {
      return { key, match: 'ambiguous', trade: null, candidates: candidates.slice(0, MAX_CANDIDATES).map(ref) };
    }
  }
  return { key, match: 'unknown', trade: null, candidates: [] };
}

/** A leader role from the file's words (French, or BNI Connect's English); null for a member. */
export function matchRole(text: string): { role: LeaderRole | null; ignored: boolean } {
  const key = foldRosterText(text);
  if (!key || key === 'membre' || key === 'member') return { role: null, ignored: false };
  for (const role of LEADER_ROLES) {
    if (ROSTER_ROLE_WORDS[role].includes(key)) return { role, ignored: false };
  }
  return { role: null, ignored: true };
}

/** Whether the file writes the line's trade or role in the feminine (`Avocate`, `Trésorière`). */
function writesFeminine(tradeText: string, roleText: string, trade: CatalogueTrade | undefined): boolean {
  const role = foldRosterText(roleText);
  if (role && ROSTER_FEMININE_ROLE_WORDS.includes(role)) return true;
  if (!trade?.labelFeminine) return false;
  const feminine = foldRosterText(trade.labelFeminine);
  const texts = [tradeText, tradeText.split('>').pop() ?? ''].map(foldRosterText);
  return texts.includes(feminine);
}

const cellOf = (cells: string[], index: number | null) => (index === null ? '' : (cells[index] ?? '').trim());

function mappingProblems(mapping: RosterMapping): string[] {
  const problems: string[] = [];
  if (mapping.name.length === 0) problems.push(rosterMessages.mappingMissing('Nom'));
  if (mapping.email === null) problems.push(rosterMessages.mappingMissing('Email'));
  if (mapping.trade === null) problems.push(rosterMessages.mappingMissing('Métier'));
  return problems;
}

async function loadCatalogue(db: DbOrTx): Promise<CatalogueTrade[]> {
  const { rows } = await db.execute<{ id: string; label: string; label_feminine: string | null }>(
    sql`select id, label, label_feminine from trades order by label`,
  );
  return rows.map((t) => {
    const keys = [...new Set([t.label, t.label_feminine ?? ''].map(foldRosterText).filter(Boolean))];
    return { id: t.id, label: t.label, labelFeminine: t.label_feminine, keys, words: keys.map((k) => k.split(' ')) };
  });
}

/**
 * The dry run: each line's action and problems, in French, against the group as it is now.
 * Nothing is written. `plan` is what the import then writes.
 */
async function review(
  db: DbOrTx,
  actorId: string,
  groupId: string,
  input: Input,
): Promise<{ review: RosterReview; plan: Planned[] }> {
  const { rows: groupRows } = await db.execute<{
    name: string;
    active_members: number;
    admin: boolean;
    president: boolean;
  }>(sql`
    select g.name, g.active_members,
           exists (select 1 from user_roles r where r.user_id = ${actorId} and r.role = 'admin') as admin,
           exists (select 1 from group_members gm where gm.group_id = g.id and gm.user_id = ${actorId}
                     and gm.status = 'active' and gm.role = 'president') as president
      from groups g where g.id = ${groupId}`);
  const group = groupRows[0];
  if (!group) throw new AppError('GROUP_NOT_FOUND');
  const canNameLeaders = group.admin || group.president;
  const catalogue = await loadCatalogue(db);
  const { mapping } = input;
  const fileProblems = mappingProblems(mapping);
  if (input.rows.length === 0) fileProblems.push(rosterMessages.noLines);

  const raw = input.rows.map((row) => ({
    line: row.line,
    name: mapping.name
      .map((i) => cellOf(row.cells, i))
      .filter(Boolean)
      .join(' ')
      .replace(/\s+/g, ' '),
    email: cellOf(row.cells, mapping.email).toLowerCase(),
    phone: cellOf(row.cells, mapping.phone),
    company: cellOf(row.cells, mapping.company),
    tradeText: cellOf(row.cells, mapping.trade),
    roleText: cellOf(row.cells, mapping.role),
    formText: cellOf(row.cells, mapping.form),
  }));

  const validEmails = [...new Set(raw.map((r) => r.email).filter((e) => emailSchema.safeParse(e).success))];
  const existingRows =
    validEmails.length === 0
      ? []
      : (
          await db.execute<Existing>(sql`
            select u.id, lower(u.email) as email, p.trade_id, t.label as trade_label, p.title_form,
                   gm.group_id, g.name as group_name, st.label as seat_trade_label
              from "user" u
              left join profiles p on p.user_id = u.id
              left join trades t on t.id = p.trade_id
              left join group_members gm on gm.user_id = u.id and gm.status = 'active'
              left join groups g on g.id = gm.group_id
              left join trades st on st.id = gm.trade_id
             where lower(u.email) in ${validEmails}`)
        ).rows;
  const existingByEmail = new Map(existingRows.map((e) => [e.email, e]));

  const { rows: seats } = await db.execute<Seat>(sql`
    select gm.trade_id, gm.user_id, gm.role, ${displayName()} as holder
      from group_members gm
      join "user" u on u.id = gm.user_id
      left join profiles p on p.user_id = u.id
     where gm.group_id = ${groupId} and gm.status = 'active'`);
  const seatByTrade = new Map(seats.map((s) => [s.trade_id, s]));
  const roleHolder = new Map(seats.filter((s) => s.role).map((s) => [s.role as LeaderRole, s]));
  const { rows: offered } = await db.execute<{ trade_id: string }>(sql`
    select distinct trade_id from seat_waitlist where group_id = ${groupId} and status = 'offered'`);
  const offeredTrades = new Set(offered.map((o) => o.trade_id));

  const trades = new Map<string, RosterTrade>();
  const firstEmail = new Map<string, number>();
  const firstTrade = new Map<string, number>();
  const firstRole = new Map<LeaderRole, number>();
  const lines: RosterLine[] = [];
  const plan: Planned[] = [];

  for (const r of raw) {
    const problems: string[] = [];
    const notes: string[] = [];
    const nameCheck = profileUpdateSchema.shape.fullName.safeParse(r.name);
    if (!r.name) problems.push(rosterMessages.missingName);
    else if (!nameCheck.success) problems.push(rosterMessages.invalidName(nameCheck.error.issues[0]?.message ?? ''));
    if (!r.email) problems.push(rosterMessages.missingEmail);
    else if (!emailSchema.safeParse(r.email).success) problems.push(rosterMessages.invalidEmail(r.email));
    else if (firstEmail.has(r.email)) problems.push(rosterMessages.duplicateEmail(firstEmail.get(r.email) as number));
    else firstEmail.set(r.email, r.line);
    const phone = profileUpdateSchema.shape.phone.safeParse(r.phone);
    if (!phone.success) problems.push(`${phone.error.issues[0]?.message ?? ''} (${r.phone})`);
    const company = profileUpdateSchema.shape.companyName.safeParse(r.company);
    if (!company.success) problems.push(company.error.issues[0]?.message ?? '');

    const existing = existingByEmail.get(r.email) ?? null;
    const seatedHere = existing?.group_id === groupId;
    const matched = matchTrade(r.tradeText, catalogue, input.tradeChoices);
    if (matched.match !== 'exact' && matched.match !== 'missing' && !trades.has(matched.key)) {
      trades.set(matched.key, { ...matched, text: r.tradeText });
    }
    const trade = matched.trade;
    const { role: wantedRole, ignored } = matchRole(r.roleText);
    if (ignored) notes.push(rosterMessages.roleIgnored(r.roleText));
    let role: LeaderRole | null = null;

    if (seatedHere) {
      // Already seated here: nothing changes, whatever the line says (the same file imported again).
      notes.push(
        trade && trade.label !== existing.seat_trade_label && existing.seat_trade_label
          ? rosterMessages.alreadyMemberOtherTrade(existing.seat_trade_label)
          : rosterMessages.alreadyMember,
      );
    } else {
      if (existing?.group_id) problems.push(rosterMessages.inOtherGroup(existing.group_name ?? ''));
      if (matched.match === 'missing') problems.push(rosterMessages.missingTrade);
      if (matched.match === 'unknown') problems.push(rosterMessages.unknownTrade(r.tradeText));
      if (matched.match === 'ambiguous') problems.push(rosterMessages.ambiguousTrade(r.tradeText));
      if (matched.match === 'close' && trade) notes.push(rosterMessages.closeTrade(trade.label));
      if (trade) {
        const holder = seatByTrade.get(trade.id);
        if (holder && holder.user_id !== existing?.id)
          problems.push(rosterMessages.seatTaken(trade.label, holder.holder));
        else if (offeredTrades.has(trade.id)) problems.push(rosterMessages.seatOffered(trade.label));
        const first = firstTrade.get(trade.id);
        if (first !== undefined) problems.push(rosterMessages.duplicateTrade(trade.label, first));
        else firstTrade.set(trade.id, r.line);
        if (existing?.trade_id && existing.trade_id !== trade.id) {
          problems.push(rosterMessages.otherTrade(existing.trade_label ?? ''));
        }
      }
      if (existing && !existing.group_id) notes.push(rosterMessages.existingAccount);
      if (wantedRole) {
        const label = LEADER_ROLE_LABELS[wantedRole];
        const first = firstRole.get(wantedRole);
        const holder = roleHolder.get(wantedRole);
        // A role that cannot be given leaves the line a plain member, said in a note: a BNI
        // Connect roster always carries its roles, and imports as it is.
        if (!canNameLeaders) notes.push(rosterMessages.roleForbidden);
        else if (first !== undefined) notes.push(rosterMessages.duplicateRole(label, first));
        else if (holder) notes.push(rosterMessages.roleTaken(label, holder.holder));
        else role = wantedRole;
        if (first === undefined) firstRole.set(wantedRole, r.line);
      }
    }
    // The titles' form of a new account (issue 31): the `Civilité` column; without one, the file's
    // own feminine words (`Avocate`, `Présidente`); never guessed from a first name. An existing
    // account keeps the form its member chose.
    const catalogued = trade ? catalogue.find((t) => t.id === trade.id) : undefined;
    let titleForm: TitleForm = existing?.title_form ?? 'masculine';
    if (!existing) {
      const named = rosterFormOf(r.formText);
      if (named === 'unknown') notes.push(rosterMessages.formIgnored(r.formText));
      if (named === 'feminine' || named === 'masculine') titleForm = named;
      else if (named === null && writesFeminine(r.tradeText, r.roleText, catalogued)) {
        titleForm = 'feminine';
        notes.push(rosterMessages.feminineFromFile);
      }
    }
    const tradeLabel = seatedHere
      ? existing.seat_trade_label
      : catalogued
        ? titleForm === 'feminine'
          ? (catalogued.labelFeminine ?? catalogued.label)
          : catalogued.label
        : null;
    const action: RosterLine['action'] =
      problems.length > 0 ? 'refused' : seatedHere ? 'unchanged' : existing ? 'attach' : 'create';
    const line: RosterLine = {
      line: r.line,
      name: r.name,
      email: r.email,
      phone: r.phone,
      company: r.company,
      tradeText: r.tradeText,
      trade: seatedHere ? null : trade,
      role,
      titleForm,
      tradeLabel,
      action,
      problems,
      notes,
    };
    lines.push(line);
    if ((action === 'create' || action === 'attach') && trade) {
      plan.push({ line, tradeId: trade.id, tradeLabel: tradeLabel ?? trade.label, existing });
    }
  }

  const free = Math.max(0, GROUP_MAX_MEMBERS - group.active_members);
  if (plan.length > free) fileProblems.push(rosterMessages.groupFull(free));
  const count = (action: RosterLine['action']) => lines.filter((l) => l.action === action).length;
  const counts = {
    create: count('create'),
    attach: count('attach'),
    unchanged: count('unchanged'),
    refused: count('refused'),
  };
  return {
    review: {
      lines,
      trades: [...trades.values()],
      problems: fileProblems,
      counts,
      ready: fileProblems.length === 0 && counts.refused === 0,
    },
    plan,
  };
}

/** The importer's quota of invitations (issue 33): one per account the import creates and mails. */
const QUOTA = 'rosterInvitations';

/**
 * POST /api/groups/:groupId/roster/dry-run: the review, nothing written (nothing counted). A file
 * that would mail more invitations than the importer's quota has left is said ahead, as a problem
 * of the whole file: the import would refuse it (429).
 */
export async function reviewRoster(
  ctx: Pick<AppContext, 'db' | 'env'>,
  actorId: string,
  groupId: string,
  input: Input,
): Promise<RosterReview> {
  const { review: checked } = await review(ctx.db, actorId, groupId, input);
  const wanted = checked.counts.create;
  if (wanted === 0) return checked;
  const room = await quotaRoom(ctx.db, quotaLimitsFrom(ctx.env)(QUOTA), actorId, QUOTA);
  if (wanted <= room.left) return checked;
  const problem = rosterMessages.invitationQuota(wanted, room.left, room.max, room.period, room.retryAfter);
  return { ...checked, problems: [...checked.problems, problem], ready: false };
}

/** The import refused by the importer's quota: 429, its French words, and when it frees. */
export class RosterQuotaError extends AppError {
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super('QUOTA_EXCEEDED', message);
  }
}

/** Thrown inside the transaction (so that nothing stays written), answered once it is rolled back. */
class QuotaRefused extends Error {
  constructor(
    readonly wanted: number,
    readonly answer: Extract<QuotaAnswer, { ok: false }>,
  ) {
    super('roster quota refused');
  }
}

/** An account id like Better Auth's own (32 letters and digits). */
function newUserId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(32)].map((b) => alphabet[b % alphabet.length]).join('');
}

/**
 * POST /api/groups/:groupId/roster/import: in one transaction, the group locked first, the
 * review again (422 ROSTER_HAS_PROBLEMS unless every line passes), the importer's quota of
 * invitations taken for every account to create at once (429 QUOTA_EXCEEDED, nothing written,
 * when the file would go beyond it), then for each line an account
 * created (with its profile, its referral code, and the invitation mail in the outbox) or the
 * existing one attached (its other waiting-list places and applications end, as at an acceptance),
 * its seat taken under the database's rules, its role given, a line in the group's history.
 */
export async function importRoster(
  ctx: AppContext,
  actorId: string,
  groupId: string,
  input: Input,
): Promise<RosterImportResult> {
  let result: RosterImportResult;
  const limits = quotaLimitsFrom(ctx.env)(QUOTA);
  try {
    result = await ctx.db.transaction(async (tx) => {
      const group = await lockGroup(tx, groupId);
      const { review: checked, plan } = await review(tx, actorId, groupId, input);
      if (!checked.ready) throw new AppError('ROSTER_HAS_PROBLEMS');
      // Every invitation counted at once, before anything is written: all or none (issue 33).
      const wanted = plan.filter((item) => !item.existing).length;
      if (wanted > 0) {
        const answer = await takeQuota(tx, limits, actorId, QUOTA, new Date(), wanted);
        if (!answer.ok) throw new QuotaRefused(wanted, answer);
      }
      const invitedBy = (await memberContact(tx, actorId))?.name ?? ctx.env.SITE_NAME;
      let created = 0;
      let attached = 0;
      for (const item of plan) {
        const userId = item.existing ? item.existing.id : await createAccount(tx, ctx, item);
        if (item.existing) {
          await closeOtherPlaces(tx, ctx, { userId, groupId });
          await tx.execute(
            sql`update profiles set trade_id = ${item.tradeId} where user_id = ${userId} and trade_id is null`,
          );
        }
        const { membershipId } = await takeSeat(tx, { groupId, userId, tradeId: item.tradeId });
        if (item.line.role) {
          await tx.execute(sql`update group_members set role = ${item.line.role} where id = ${membershipId}`);
        }
        await recordHistory(tx, { groupId, kind: 'imported', actorId, subjectId: userId, tradeId: item.tradeId });
        if (item.existing) {
          attached += 1;
          await notify(tx, ctx, {
            userId,
            kind: 'group_application',
            ...notificationTexts.rosterImported(group.name, invitedBy),
            link: '/mon-groupe',
            mail: (to, unsubscribe) =>
              groupApplicationDecisionMail(ctx.mailContext, {
                to,
                group,
                accepted: true,
                tradeLabel: item.tradeLabel,
                message: `Inscrit par ${invitedBy} avec la liste du groupe.`,
                unsubscribe,
              }),
          });
        } else {
          created += 1;
          await enqueueMail(
            tx,
            rosterInvitationMail(ctx.mailContext, {
              to: item.line.email,
              group,
              name: item.line.name,
              tradeLabel: item.tradeLabel,
              invitedBy,
            }),
          );
        }
      }
      return { created, attached, unchanged: checked.counts.unchanged, invited: created };
    });
  } catch (error) {
    if (error instanceof QuotaRefused) {
      // The refusal's record went with the rollback: written again for the admins' page.
      await recordQuotaRefusal(ctx.db, actorId, QUOTA);
      const room = await quotaRoom(ctx.db, limits, actorId, QUOTA);
      const { period, max, retryAfter } = error.answer;
      throw new RosterQuotaError(
        rosterMessages.invitationQuota(error.wanted, Math.min(room.left, max), max, period, retryAfter),
        retryAfter,
      );
    }
    // An account made with one of the file's addresses after the review read them: nothing was written.
    if (pgErrorCode(error) === '23505' && pgConstraint(error)?.startsWith('user_email')) {
      throw new AppError('ROSTER_CHANGED');
    }
    throw error;
  }
  ctx.mailer.wake();
  return result;
}

async function createAccount(tx: Tx, ctx: AppContext, item: Planned): Promise<string> {
  const id = newUserId();
  const { name, email, phone, company } = item.line;
  await tx.insert(user).values({ id, name, email, emailVerified: false });
  await createAccountRows(
    tx,
    ctx.env,
    { id, name, email },
    {
      fullName: name,
      companyName: company || null,
      phone: phone || null,
      tradeId: item.tradeId,
      titleForm: item.line.titleForm,
    },
  );
  return id;
}
