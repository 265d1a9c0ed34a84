import { SERVICE_ICON, type Service, type ServiceInput, serviceMessages, toIsoDateTime } from '@synergie/shared';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { displayNameOf } from '../db/fragments';
import { memberServices, profiles, user } from '../db/schema';
import { AppError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { assertOwnImageUrl, deleteContentImage } from './content-images';
import type { Log } from './profile';

const notFound = () => new AppError('NOT_FOUND', serviceMessages.notFound);
const forbidden = () => new AppError('FORBIDDEN', serviceMessages.forbidden);

/** The service with its owner's name, in one query (profile name first, else the account's). */
function selectServices(db: DbOrTx) {
  return db
    .select({
      id: memberServices.id,
      userId: memberServices.userId,
      title: memberServices.title,
      description: memberServices.description,
      icon: memberServices.icon,
      imageUrl: memberServices.imageUrl,
      websiteUrl: memberServices.websiteUrl,
      features: memberServices.features,
      createdAt: memberServices.createdAt,
      ownerName: displayNameOf(profiles.fullName, user.name),
      ownerCompany: profiles.companyName,
    })
    .from(memberServices)
    .innerJoin(user, eq(user.id, memberServices.userId))
    .leftJoin(profiles, eq(profiles.userId, memberServices.userId));
}

type ServiceRow = Awaited<ReturnType<typeof selectServices>>[number];

const toService = (row: ServiceRow): Service => ({
  ...row,
  createdAt: toIsoDateTime(row.createdAt),
});

/** GET /api/services: every member's service, newest first, in one query. */
export async function listServices(db: DbOrTx): Promise<Service[]> {
  const rows = await selectServices(db).orderBy(desc(memberServices.createdAt), desc(memberServices.id));
  return rows.map(toService);
}

async function getService(db: DbOrTx, id: string): Promise<Service> {
  const [row] = await selectServices(db).where(eq(memberServices.id, id));
  if (!row) throw notFound();
  return toService(row);
}

const columns = (input: ServiceInput) => ({
  title: input.title,
  description: input.description,
  icon: SERVICE_ICON,
  imageUrl: input.imageUrl,
  websiteUrl: input.websiteUrl,
  features: input.features,
});

/** POST /api/services: the member's new service (icon always 'Code'). */
export async function createService(ctx: AppContext, userId: string, input: ServiceInput): Promise<Service> {
  assertOwnImageUrl(ctx, userId, input.imageUrl);
  const [row] = await ctx.db
    .insert(memberServices)
    .values({ userId, ...columns(input) })
    .returning({ id: memberServices.id });
  if (!row) throw new Error('service not saved');
  return getService(ctx.db, row.id);
}

/**
 * Locks the service for the change and checks its owner: 404 for an unknown id (or one that is not
 * a UUID), 403 for someone else's service.
 */
async function lockOwnService(tx: DbOrTx, userId: string, id: string) {
  if (!isUuid(id)) throw notFound();
  const [current] = await tx
    .select({ userId: memberServices.userId, imageUrl: memberServices.imageUrl })
    .from(memberServices)
    .where(eq(memberServices.id, id))
    .for('update');
  if (!current) throw notFound();
  if (current.userId !== userId) throw forbidden();
  return current;
}

/** PUT /api/services/:id (owner only). The image it replaces is deleted once the change is saved. */
export async function updateService(
  ctx: AppContext,
  userId: string,
  id: string,
  input: ServiceInput,
  log: Log,
): Promise<Service> {
  const previousImage = await ctx.db.transaction(async (tx) => {
    const current = await lockOwnService(tx, userId, id);
    // Keeping the image already shown is always allowed; a new one must be the member's own.
    if (input.imageUrl !== current.imageUrl) assertOwnImageUrl(ctx, userId, input.imageUrl);
    await tx
      .update(memberServices)
      .set({ ...columns(input), updatedAt: new Date() })
      .where(eq(memberServices.id, id));
    return current.imageUrl;
  });
  if (previousImage && previousImage !== input.imageUrl) await deleteContentImage(ctx, previousImage, log);
  return getService(ctx.db, id);
}

/** DELETE /api/services/:id (owner only), then its image. */
export async function deleteService(ctx: AppContext, userId: string, id: string, log: Log): Promise<void> {
  const image = await ctx.db.transaction(async (tx) => {
    const current = await lockOwnService(tx, userId, id);
    await tx.delete(memberServices).where(eq(memberServices.id, id));
    return current.imageUrl;
  });
  await deleteContentImage(ctx, image, log);
}
