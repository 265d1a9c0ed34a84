import { BIO_PREVIEW_LENGTH } from '@synergie/shared/profile';

/**
 * The profile page's bio preview (spec section 9): the first 100 characters, with an ellipsis
 * when there is more. Counted in characters as people see them, so an emoji is never cut in half.
 */
export function bioPreview(bio: string | null | undefined, length = BIO_PREVIEW_LENGTH): string {
  const characters = Array.from((bio ?? '').trim());
  if (characters.length <= length) return characters.join('');
  return `${characters.slice(0, length).join('').trimEnd()}...`;
}
