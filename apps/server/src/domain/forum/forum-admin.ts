import type { ForumCategory, forumCategoryFormSchema } from '@synergie/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { pgConstraint, pgErrorCode } from '../../lib/pg-errors';
import { type CategoryRow, categoryColumns, toCategory } from './forum-shared';

/**
 * The admins' forum categories (network-core §9): national ones are created, renamed, moved and
 * archived here; each group's own category comes with the group (groups/admin-groups.ts createGroup).
 */

type CategoryForm = z.output<typeof forumCategoryFormSchema>;

const slugTaken = (error: unknown) => pgErrorCode(error) === '23505' && pgConstraint(error) === 'forum_categories_slug';

/** GET /api/admin/forum/categories: every category, archived and groups' included. */
export async function adminListCategories(db: DbOrTx): Promise<{ categories: ForumCategory[] }> {
  const { rows } = await db.execute<CategoryRow>(sql`
    select ${categoryColumns} from forum_categories c left join groups g on g.id = c.group_id
     order by c.group_id is not null, c.position, c.name, c.id`);
  return { categories: rows.map(toCategory) };
}

async function categoryById(db: DbOrTx, id: string): Promise<ForumCategory> {
  const { rows } = await db.execute<CategoryRow>(sql`
    select ${categoryColumns} from forum_categories c left join groups g on g.id = c.group_id where c.id = ${id}`);
  const row = rows[0];
  if (!row) throw new AppError('FORUM_CATEGORY_NOT_FOUND');
  return toCategory(row);
}

/** POST /api/admin/forum/categories: a national category (409 FORUM_SLUG_TAKEN). */
export async function createCategory(db: DbOrTx, input: CategoryForm): Promise<ForumCategory> {
  try {
    const { rows } = await db.execute<{ id: string }>(sql`
      insert into forum_categories (slug, name, description, position, archived_at)
      values (${input.slug}, ${input.name}, ${input.description}, ${input.position},
              ${input.archived ? sql`now()` : sql`null`})
      returning id`);
    return categoryById(db, (rows[0] as { id: string }).id);
  } catch (error) {
    if (slugTaken(error)) throw new AppError('FORUM_SLUG_TAKEN', undefined, { slug: 'Cette adresse est déjà prise.' });
    throw error;
  }
}

/** PATCH /api/admin/forum/categories/:categoryId: a national category's form (archive included). */
export async function updateCategory(db: DbOrTx, categoryId: string, input: CategoryForm): Promise<ForumCategory> {
  if (!isUuid(categoryId)) throw new AppError('FORUM_CATEGORY_NOT_FOUND');
  try {
    const { rows } = await db.execute<{ id: string }>(sql`
      update forum_categories
         set slug = ${input.slug}, name = ${input.name}, description = ${input.description},
             position = ${input.position},
             archived_at = ${input.archived ? sql`coalesce(archived_at, now())` : sql`null`}, updated_at = now()
       where id = ${categoryId} and group_id is null
      returning id`);
    if (rows.length === 0) throw new AppError('FORUM_CATEGORY_NOT_FOUND');
  } catch (error) {
    if (slugTaken(error)) throw new AppError('FORUM_SLUG_TAKEN', undefined, { slug: 'Cette adresse est déjà prise.' });
    throw error;
  }
  return categoryById(db, categoryId);
}
