import { Network, UserRound } from 'lucide-react';
import { useEffect } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { InstallAppButton, registerServiceWorker } from '~/features/app-install';
import { NotificationBellSlot } from '~/features/notifications';
import { OfflineStatus, useOfflineApp } from '~/features/offline';
import { useMe } from '~/features/profile';
import { SITE_NAME } from '~/lib/site';
import { cn } from '~/lib/utils';
import { isInPlace, moreSections, type Place, places, TODAY_PATH } from './member-places';

/**
 * The member app (issue 28), once signed in: on a phone a bottom bar with the five places
 * (`Recommander` in the middle), on a desktop (1024 px and up) a side bar with the places and the
 * rest grouped, so nothing overflows. A top bar carries the bell and the profile. The page itself
 * is not in here: root.tsx (`Frame`) keeps it at the same place of the tree whether the visitors'
 * header or these bars surround it, so a page never remounts (and loses what was typed or opened)
 * when the session arrives; the layout's classes are in shell/member-layout.ts.
 */

/** The side bar (desktop), with what the member app runs once: offline data, the service worker. */
export function MemberSideBar() {
  const me = useMe();
  // The member's data kept on the device and the writes kept offline (features/offline).
  useOfflineApp();
  // The installed app's service worker: for members only, a visitor's page registers nothing.
  useEffect(() => registerServiceWorker(), []);
  const admin = me.data?.isAdmin === true;
  const { pathname } = useLocation();
  return (
    <aside
      className="hidden lg:sticky lg:top-0 lg:flex lg:h-screen lg:w-64 lg:shrink-0 lg:flex-col lg:border-r lg:border-slate-200 lg:bg-white"
      aria-label="Espace membre"
    >
      <Link
        to={TODAY_PATH}
        className="flex h-16 shrink-0 items-center gap-2 px-5 text-lg font-bold text-brand-800"
        aria-label={`${SITE_NAME} - Aujourd’hui`}
      >
        <Network aria-hidden="true" className="size-7 text-brand-700" />
        <span>{SITE_NAME}</span>
      </Link>
      <nav aria-label="Navigation de l’application" className="flex-1 overflow-y-auto px-3 pb-6">
        <ul className="flex flex-col gap-1">
          {places.map((place) => (
            <li key={place.to}>
              <SideLink place={place} active={isInPlace(place, pathname)} />
            </li>
          ))}
        </ul>
        {moreSections
          .filter((section) => !section.admin || admin)
          .map((section) => (
            <div key={section.title} className="mt-6">
              <h2 className="px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">{section.title}</h2>
              <ul className="mt-2 flex flex-col gap-0.5">
                {section.links.map((link) => (
                  <li key={link.to}>
                    <SideLink place={link} active={isInPlace(link, pathname)} small />
                  </li>
                ))}
              </ul>
            </div>
          ))}
      </nav>
    </aside>
  );
}

/** The top bar: the app's name on a phone, install, the bell, the profile, the offline line. */
export function MemberTopBar() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="flex h-14 items-center justify-between gap-3 px-4 sm:px-6 lg:h-16 lg:justify-end lg:px-8">
        <Link
          to={TODAY_PATH}
          className="flex items-center gap-2 font-bold text-brand-800 lg:hidden"
          aria-label={`${SITE_NAME} - Aujourd’hui`}
        >
          <Network aria-hidden="true" className="size-6 text-brand-700" />
          <span>{SITE_NAME}</span>
        </Link>
        <div className="flex items-center gap-1">
          <InstallAppButton className="hidden sm:inline-flex" />
          <NotificationBellSlot />
          <NavLink
            to="/profile"
            aria-label="Mon profil"
            className={({ isActive }) =>
              cn(
                'inline-flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                isActive && 'bg-brand-50 text-brand-800',
              )
            }
          >
            <UserRound aria-hidden="true" className="size-5" />
          </NavLink>
        </div>
      </div>
      <OfflineStatus />
    </header>
  );
}

/** The phone's bottom bar with the five places. */
export function MemberBottomBar() {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label="Navigation de l’application"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] lg:hidden"
    >
      <ul className="mx-auto grid h-[4.5rem] max-w-xl grid-cols-5">
        {places.map((place) => (
          <li key={place.to} className="flex">
            <BottomLink place={place} active={isInPlace(place, pathname)} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SideLink({ place, active, small }: { place: Place; active: boolean; small?: boolean }) {
  const Icon = place.icon;
  return (
    <Link
      to={place.to}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex items-center gap-3 rounded-md px-3 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        small ? 'py-1.5 text-sm' : 'py-2.5',
        place.primary
          ? 'bg-orange-700 text-white hover:bg-orange-800'
          : active
            ? 'bg-brand-50 text-brand-800'
            : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
      )}
    >
      <Icon aria-hidden="true" className={small ? 'size-4' : 'size-5'} />
      {place.label}
    </Link>
  );
}

function BottomLink({ place, active }: { place: Place; active: boolean }) {
  const Icon = place.icon;
  return (
    <Link
      to={place.to}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex flex-1 flex-col items-center justify-center gap-1 text-xs font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
        place.primary ? 'text-orange-800' : active ? 'text-brand-800' : 'text-slate-600',
      )}
    >
      <span
        className={cn(
          'flex items-center justify-center rounded-full',
          place.primary ? 'size-11 -mt-5 bg-orange-700 text-white shadow-md ring-4 ring-white' : 'size-7',
          active && !place.primary && 'bg-brand-50',
        )}
      >
        <Icon aria-hidden="true" className={place.primary ? 'size-6' : 'size-5'} />
      </span>
      <span className={cn(active && 'font-semibold')}>{place.label}</span>
    </Link>
  );
}
