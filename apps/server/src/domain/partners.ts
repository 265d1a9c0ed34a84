import { asc, desc } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { partnerSites } from '../db/schema';

/** Featured first, then the admin's display order, then by name (spec section 7). */
export async function listPartners(db: DbOrTx) {
  return db
    .select({
      id: partnerSites.id,
      name: partnerSites.name,
      description: partnerSites.description,
      websiteUrl: partnerSites.websiteUrl,
      logoUrl: partnerSites.logoUrl,
      category: partnerSites.category,
      isFeatured: partnerSites.isFeatured,
      displayOrder: partnerSites.displayOrder,
    })
    .from(partnerSites)
    .orderBy(desc(partnerSites.isFeatured), asc(partnerSites.displayOrder), asc(partnerSites.name));
}
