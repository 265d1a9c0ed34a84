import { Menu, Network, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonVariants } from '~/components/ui/button';
import { NotificationBellSlot } from '~/features/notifications';
import { SITE_NAME } from '~/lib/site';
import { cn } from '~/lib/utils';
import { AccountSlot } from './account-slot';

export const mainNavigation = [
  { to: '/a-propos', label: 'À propos' },
  { to: '/services', label: 'Services' },
  { to: '/portfolio', label: 'Portfolio' },
  { to: '/blog', label: 'Blog' },
  { to: '/contact', label: 'Contact' },
  { to: '/groupes', label: 'Groupes' },
  { to: '/members', label: 'Membres' },
  { to: '/events', label: 'Événements' },
  { to: '/careers', label: 'Carrières' },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-slate-100 hover:text-brand-800',
    isActive ? 'text-brand-800' : 'text-slate-700',
  );

export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const menuId = useId();

  // A link followed from the mobile menu closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation on purpose
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to="/"
          className="flex items-center gap-2 text-lg font-bold text-brand-800"
          aria-label={`${SITE_NAME} - Accueil`}
        >
          <Network aria-hidden="true" className="size-7 text-brand-700" />
          <span>{SITE_NAME}</span>
        </Link>
        <nav aria-label="Navigation principale" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {mainNavigation.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={linkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <NotificationBellSlot />
          <AccountSlot />
        </div>
        <NotificationBellSlot className="ml-auto md:hidden" />
        {/*
          A <details> disclosure: the menu opens and closes before any script runs (issue 20);
          React keeps its state to close it after a navigation and to say what the button does.
        */}
        <details className="md:hidden" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
          {/* A <summary> is announced as a button with its expanded state by the browser itself: no
              role or aria-expanded (HTML forbids both on a <details>' summary). */}
          <summary
            aria-controls={menuId}
            aria-label={open ? 'Fermer le menu' : 'Ouvrir le menu'}
            className={cn(
              buttonVariants({ variant: 'ghost', size: 'icon' }),
              'cursor-pointer list-none [&::-webkit-details-marker]:hidden',
            )}
          >
            {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </summary>
          <nav
            id={menuId}
            aria-label="Menu mobile"
            className="absolute inset-x-0 top-16 border-y border-slate-200 bg-white shadow-sm"
          >
            <ul className="flex flex-col gap-1 px-4 py-3">
              {mainNavigation.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={(s) => cn(linkClass(s), 'block')}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
              <li className="pt-2">
                <AccountSlot className="w-full" />
              </li>
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}
