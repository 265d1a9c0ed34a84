import './zod-locale';
import { z } from 'zod';
import { isoDateTime } from './api-dates';
import { boundedText, fieldMessages, isSingleLineText, optionalText } from './fields';
import { profileLinkSchema } from './profile';
import {
  PROJECT_CATEGORY_MAX,
  PROJECT_DESCRIPTION_MAX,
  PROJECT_TAG_INPUTS,
  PROJECT_TAG_MAX,
  PROJECT_TITLE_MAX,
  PROJECTS_PAGE_DEFAULT,
  PROJECTS_PAGE_MAX,
} from './project-constants';

export * from './project-constants';

/**
 * Tags (spec sections 3 and 5: "tags comma-separated, trimmed, blanks dropped", "up to 3
 * inputs"). The dialog has three inputs and sends them as a list. Each input may itself hold
 * several tags separated by commas (how the spec's single-field reading typed them), so every
 * input is split on commas, then each tag is trimmed, blanks are dropped and repeats (whatever
 * their case) are dropped. The result is at most three tags, matching the three inputs.
 */
export const projectTagsSchema = z
  .array(z.string().max(500, { error: `Chaque tag ne peut pas dépasser ${PROJECT_TAG_MAX} caractères` }))
  .max(PROJECT_TAG_INPUTS, { error: `${PROJECT_TAG_INPUTS} tags maximum` })
  .nullish()
  .transform((inputs) => {
    const seen = new Set<string>();
    const tags: string[] = [];
    for (const tag of (inputs ?? []).flatMap((input) => input.split(','))) {
      const trimmed = tag.trim();
      const key = trimmed.toLocaleLowerCase('fr');
      if (trimmed === '' || seen.has(key)) continue;
      seen.add(key);
      tags.push(trimmed);
    }
    return tags;
  })
  .refine((tags) => tags.every(isSingleLineText), { error: fieldMessages.forbiddenCharacters })
  .refine((tags) => tags.every((tag) => tag.length <= PROJECT_TAG_MAX), {
    error: `Chaque tag ne peut pas dépasser ${PROJECT_TAG_MAX} caractères`,
  })
  .refine((tags) => tags.length <= PROJECT_TAG_INPUTS, { error: `${PROJECT_TAG_INPUTS} tags maximum` });

/**
 * The project dialog: the browser's resolver and the body of POST /api/projects and
 * PUT /api/projects/:id. The image is uploaded first (POST /api/uploads/service-images) and
 * its URL sent here; the server only accepts an image its owner uploaded.
 */
export const projectInputSchema = z.object({
  title: boundedText(1, PROJECT_TITLE_MAX, 'Le titre', { required: 'Le titre est requis.' }),
  description: optionalText(PROJECT_DESCRIPTION_MAX, 'La description', { multiline: true }),
  category: optionalText(PROJECT_CATEGORY_MAX, 'La catégorie'),
  tags: projectTagsSchema,
  // https:// is added when the link has no scheme (spec section 2), '' becomes null.
  projectUrl: profileLinkSchema.optional().transform((v) => v ?? null),
  imageUrl: optionalText(1000, '', { tooLong: "L'adresse de l'image est trop longue" }),
});
export type ProjectInput = z.input<typeof projectInputSchema>;
export type ProjectValues = z.output<typeof projectInputSchema>;

export const projectSchema = z.object({
  id: z.string(),
  userId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  projectUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  createdAt: isoDateTime(),
  /** The owner's name (profile full name, else account name). */
  ownerName: z.string().nullable(),
});
export type Project = z.infer<typeof projectSchema>;

/** GET /api/projects and GET /api/me/projects: newest first; `nextCursor` fetches the next page. */
export const projectListSchema = z.object({
  projects: z.array(projectSchema),
  nextCursor: z.string().nullable(),
});
export type ProjectList = z.infer<typeof projectListSchema>;

export const projectListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PROJECTS_PAGE_MAX).default(PROJECTS_PAGE_DEFAULT),
  cursor: z.string().max(200).optional(),
});
