import { storedImageSrc } from '~/lib/stored-image';
import { cn } from '~/lib/utils';

/** The member's photo, or their initials on a coloured disc. */
export function MemberAvatar({
  name,
  avatarUrl,
  className,
}: {
  name: string;
  avatarUrl: string | null;
  className?: string;
}) {
  const src = storedImageSrc(avatarUrl);
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
  return src ? (
    <img src={src} alt="" className={cn('size-14 shrink-0 rounded-full object-cover', className)} loading="lazy" />
  ) : (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-800',
        className,
      )}
    >
      {initials}
    </span>
  );
}
