import { NavLink } from 'react-router';
import { cn } from '~/lib/utils';

export interface SectionNavItem {
  to: string;
  label: string;
}

/**
 * The sections of a page that has several addresses (`Mon profil`, issue 31): links, never tabs
 * (each section is a page of its own, reached by the keyboard in order); the current one says
 * `aria-current="page"`. A wrapped row of buttons on a phone, a column beside the content from
 * `lg` on.
 */
export function SectionNav({
  label,
  items,
  className,
}: {
  label: string;
  items: readonly SectionNavItem[];
  className?: string;
}) {
  return (
    <nav aria-label={label} className={cn('lg:sticky lg:top-20 lg:self-start', className)}>
      <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end
              className={({ isActive }) =>
                cn(
                  'flex min-h-10 items-center rounded-full border px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 lg:rounded-md lg:border-transparent lg:px-3',
                  isActive
                    ? 'border-brand-700 bg-brand-700 text-white lg:border-transparent lg:bg-brand-50 lg:text-brand-800'
                    : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50 lg:bg-transparent lg:hover:bg-slate-100',
                )
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
