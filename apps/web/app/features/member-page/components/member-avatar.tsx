import { cn } from '~/lib/utils';

/** The member's photo, or their initials on a coloured disc. Decorative: the name is next to it. */
export function MemberPageAvatar({ name, url, className }: { name: string; url: string | null; className?: string }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
  if (url) {
    return <img src={url} alt="" className={cn('rounded-full object-cover', className)} width={96} height={96} />;
  }
  return (
    <span
      aria-hidden="true"
      className={cn('flex items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800', className)}
    >
      {initials || '?'}
    </span>
  );
}
