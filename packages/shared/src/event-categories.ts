import './zod-locale';
import { z } from 'zod';
import { EVENT_CATEGORY_NAME_MAX, eventCategoryMessages } from './event-category-constants';
import { boundedText } from './fields';

export * from './event-category-constants';

const required = { error: eventCategoryMessages.required };

/**
 * The admin's category form: the browser's resolver and the API's body schema. Whether the image
 * is a shipped one or an upload of this site is checked by the server (it knows the storage URL).
 */
export const eventCategoryInputSchema = z.object({
  // Trimmed: a name pasted with spaces must not make a second "Atelier".
  name: boundedText(1, EVENT_CATEGORY_NAME_MAX, 'Le nom', {
    required: eventCategoryMessages.required,
    tooLong: eventCategoryMessages.nameTooLong,
  }),
  imageUrl: z.string(required).trim().min(1, required).max(2000, { error: eventCategoryMessages.invalidImage }),
});
export type EventCategoryInput = z.input<typeof eventCategoryInputSchema>;
export type EventCategoryValues = z.output<typeof eventCategoryInputSchema>;

export const eventCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  imageUrl: z.string(),
});
export type EventCategory = z.infer<typeof eventCategorySchema>;

/** GET /api/event-categories: every category, ordered by name. */
export const eventCategoriesResponseSchema = z.array(eventCategorySchema);
export type EventCategoriesResponse = z.infer<typeof eventCategoriesResponseSchema>;
