import './zod-locale';
import { z } from 'zod';

/** A partner site as the public /partners page and the admin list show it. */
export const partnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  websiteUrl: z.string(),
  logoUrl: z.string().nullable(),
  category: z.string().nullable(),
  isFeatured: z.boolean(),
  displayOrder: z.number().int(),
});
export type Partner = z.infer<typeof partnerSchema>;

export const partnersResponseSchema = z.object({ partners: z.array(partnerSchema) });
export type PartnersResponse = z.infer<typeof partnersResponseSchema>;
