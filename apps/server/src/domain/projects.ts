import { type Project, type ProjectList, type ProjectValues, projectMessages, toIsoDateTime } from '@synergie/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { displayNameOf } from '../db/fragments';
import { memberProjects, profiles, user } from '../db/schema';
import { AppError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { assertOwnImageUrl, deleteContentImage } from './content-images';
import type { Log } from './profile';

const notFound = () => new AppError('NOT_FOUND', projectMessages.notFound);
const notOwner = () => new AppError('FORBIDDEN', projectMessages.notOwner);
const badCursor = () => new AppError('BAD_REQUEST', projectMessages.invalidCursor);

const projectColumns = {
  id: memberProjects.id,
  userId: memberProjects.userId,
  title: memberProjects.title,
  description: memberProjects.description,
  category: memberProjects.category,
  tags: memberProjects.tags,
  projectUrl: memberProjects.projectUrl,
  imageUrl: memberProjects.imageUrl,
  createdAt: memberProjects.createdAt,
  // Microseconds since 1970, exact (the pagination cursor; a JS Date keeps only milliseconds).
  createdAtMicros: sql<string>`(extract(epoch from ${memberProjects.createdAt}) * 1000000)::bigint::text`,
  ownerName: displayNameOf(profiles.fullName, user.name),
};

/** Projects with their owner's name, in one query (owner name joined, never one query per row). */
const selectProjects = (db: DbOrTx) =>
  db
    .select(projectColumns)
    .from(memberProjects)
    .innerJoin(user, eq(user.id, memberProjects.userId))
    .leftJoin(profiles, eq(profiles.userId, memberProjects.userId));
type ProjectRow = Awaited<ReturnType<typeof selectProjects>>[number];

const toProject = ({ createdAtMicros: _cursor, ...row }: ProjectRow): Project => ({
  ...row,
  createdAt: toIsoDateTime(row.createdAt),
});

const encodeCursor = (row: ProjectRow) => Buffer.from(`${row.createdAtMicros}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { micros: string; id: string } {
  const [micros, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!micros || !id || rest.length > 0 || !/^\d{1,17}$/.test(micros) || !isUuid(id)) throw badCursor();
  return { micros, id };
}

/**
 * Newest first (spec section 7: created_at descending), a page at a time: `cursor` is the
 * `nextCursor` of the previous page (keyset pagination, stable while projects are added).
 * With `ownerId`, only that member's projects (/my-projects).
 */
export async function listProjects(
  db: DbOrTx,
  options: { limit: number; cursor?: string; ownerId?: string },
): Promise<ProjectList> {
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  const rows = await selectProjects(db)
    .where(
      and(
        options.ownerId ? eq(memberProjects.userId, options.ownerId) : undefined,
        after
          ? sql`(${memberProjects.createdAt}, ${memberProjects.id}) < (timestamptz 'epoch' + ${after.micros}::bigint * interval '1 microsecond', ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(memberProjects.createdAt), desc(memberProjects.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    projects: page.map(toProject),
    nextCursor: rows.length > options.limit && last ? encodeCursor(last) : null,
  };
}

async function getProject(db: DbOrTx, id: string): Promise<Project> {
  const [row] = await selectProjects(db).where(eq(memberProjects.id, id));
  if (!row) throw notFound();
  return toProject(row);
}

const columnsOf = (input: ProjectValues) => ({
  title: input.title,
  description: input.description,
  category: input.category,
  tags: input.tags,
  projectUrl: input.projectUrl,
  imageUrl: input.imageUrl,
});

/** POST /api/projects: the member's new project; its image must be one they uploaded. */
export async function createProject(ctx: AppContext, userId: string, input: ProjectValues): Promise<Project> {
  await assertOwnImageUrl(ctx, userId, input.imageUrl);
  const [created] = await ctx.db
    .insert(memberProjects)
    .values({ userId, ...columnsOf(input) })
    .returning({ id: memberProjects.id });
  if (!created) throw new Error('project not saved');
  return getProject(ctx.db, created.id);
}

/**
 * Locks the project and checks its owner: 404 for an unknown (or malformed) id, 403 for
 * another member's project. Returns the image URL it holds.
 */
async function lockOwnProject(tx: DbOrTx, userId: string, id: string) {
  if (!isUuid(id)) throw notFound();
  const [current] = await tx
    .select({ userId: memberProjects.userId, imageUrl: memberProjects.imageUrl })
    .from(memberProjects)
    .where(eq(memberProjects.id, id))
    .for('update');
  if (!current) throw notFound();
  if (current.userId !== userId) throw notOwner();
  return current;
}

/** PUT /api/projects/:id (owner only); the image it replaces is deleted once the change is saved. */
export async function updateProject(
  ctx: AppContext,
  userId: string,
  id: string,
  input: ProjectValues,
  log: Log,
): Promise<Project> {
  const previousImage = await ctx.db.transaction(async (tx) => {
    const current = await lockOwnProject(tx, userId, id);
    // The image already shown may stay; a new one must be the member's own upload.
    if (input.imageUrl !== current.imageUrl) await assertOwnImageUrl(ctx, userId, input.imageUrl);
    await tx
      .update(memberProjects)
      .set({ ...columnsOf(input), updatedAt: new Date() })
      .where(eq(memberProjects.id, id));
    return current.imageUrl;
  });
  if (previousImage && previousImage !== input.imageUrl) await deleteContentImage(ctx, previousImage, log);
  return getProject(ctx.db, id);
}

/** DELETE /api/projects/:id (owner only), with its image. */
export async function deleteProject(ctx: AppContext, userId: string, id: string, log: Log): Promise<void> {
  const image = await ctx.db.transaction(async (tx) => {
    const current = await lockOwnProject(tx, userId, id);
    await tx.delete(memberProjects).where(eq(memberProjects.id, id));
    return current.imageUrl;
  });
  if (image) await deleteContentImage(ctx, image, log);
}
