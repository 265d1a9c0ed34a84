import { storedImageSrc } from '~/lib/stored-image';
import { cn } from '~/lib/utils';

/** Sizes of the pages' avatars: the disc's class and the image's intrinsic size. */
const SIZES = {
  sm: { className: 'size-10 text-sm', px: 40 },
  md: { className: 'size-12 text-base', px: 48 },
  lg: { className: 'size-14 text-lg', px: 56 },
  xl: { className: 'size-20 text-2xl', px: 80 },
  '2xl': { className: 'size-24 text-3xl', px: 96 },
} as const;

/** Light discs with dark letters, each pair above 7:1 contrast. */
const COLOURS = [
  'bg-brand-100 text-brand-800',
  'bg-emerald-100 text-emerald-900',
  'bg-amber-100 text-amber-900',
  'bg-rose-100 text-rose-900',
  'bg-violet-100 text-violet-900',
  'bg-teal-100 text-teal-900',
  'bg-orange-100 text-orange-900',
  'bg-sky-100 text-sky-900',
] as const;

/** The first letters of the first two words of the name ('?' for none). */
export function memberInitials(name: string): string {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
  return initials || '?';
}

/** The disc's colour for a name: the same name has the same colour on every page and every visit. */
export function memberColour(name: string): string {
  let hash = 0;
  for (const char of name.trim().toLowerCase()) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return COLOURS[hash % COLOURS.length] ?? COLOURS[0];
}

/**
 * A member as a picture: their photo when they have one (a stored image address, checked by
 * storedImageSrc), else their initials on a colour derived from their name. Decorative: the name
 * is always written next to it. `eager` for an avatar at the top of a page (not lazy-loaded).
 */
export function MemberAvatar({
  name,
  avatarUrl,
  size = 'lg',
  eager = false,
  className,
}: {
  name: string;
  avatarUrl: string | null | undefined;
  size?: keyof typeof SIZES;
  eager?: boolean;
  className?: string;
}) {
  const src = storedImageSrc(avatarUrl);
  const { className: sizeClass, px } = SIZES[size];
  if (src) {
    return (
      <img
        src={src}
        alt=""
        width={px}
        height={px}
        loading={eager ? undefined : 'lazy'}
        className={cn('shrink-0 rounded-full object-cover', sizeClass, className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-slot="member-initials"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full font-bold',
        sizeClass,
        memberColour(name),
        className,
      )}
    >
      {memberInitials(name)}
    </span>
  );
}
