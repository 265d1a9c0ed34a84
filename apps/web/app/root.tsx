import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from 'react-router';
import type { Route } from './+types/root';
import './app.css';
import { SERVED_READS_ID } from '@synergie/shared/served-reads';
import { SITE_TAGLINE, WEB_APP_MANIFEST_PATH } from '@synergie/shared/site';
import { useAuthChannel, useSession } from '~/features/auth';
import { SubscriptionRedirect } from '~/features/billing';
import { Button } from './components/ui/button';
import { shouldRetryQuery } from './lib/api-client';
import { preloadRouteFiles } from './lib/preload-route';
import { hasSignedInHint } from './lib/signed-in-hint';
import { SITE_NAME, SITE_URL } from './lib/site';
import { useHydrated } from './lib/use-hydrated';
import { HomeButton } from './shell/home-button';
import {
  MEMBER_COLUMN_CLASS,
  MEMBER_FOOTER_CLASS,
  MEMBER_LAYOUT_CLASS,
  MEMBER_MAIN_CLASS,
} from './shell/member-layout';
import { PreviewBanner } from './shell/preview-banner';
import { ScrollToTop } from './shell/scroll-to-top';
import { SiteFooter } from './shell/site-footer';
import { SiteHeader } from './shell/site-header';
import { Toaster } from './shell/toaster';

/** The title of a page that sets none: the application shell before a page's own, for one. */
export const meta: Route.MetaFunction = () => [{ title: `${SITE_NAME} - ${SITE_TAGLINE}` }];

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  // The installed app (issue 28): its name, icons, colours and shortcuts.
  { rel: 'manifest', href: WEB_APP_MANIFEST_PATH },
];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="fr" data-site-url={SITE_URL}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The same colour as the manifest's theme_color (public/manifest.webmanifest). */}
        <meta name="theme-color" content="#1e40af" />
        <meta name="apple-mobile-web-app-title" content={SITE_NAME} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#contenu"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
        >
          Aller au contenu
        </a>
        <PreviewBanner />
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // The retry policy is the app's one (lib/api-client.ts): a 4xx is final, anything else is tried once more.
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 30_000, retry: shouldRetryQuery, refetchOnWindowFocus: false } },
      }),
  );
  // Marks the page interactive: end-to-end tests wait for it before clicking.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthChannel />
      <SubscriptionRedirect />
      <ScrollToTop />
      <Frame>
        <Outlet />
      </Frame>
      <Toaster />
    </QueryClientProvider>
  );
}

/**
 * A member signed in gets the member app's bars (shell/member-shell.tsx), a visitor the site's
 * header and footer. The session is read in the browser: a prerendered page hydrates as a
 * visitor's, then the member's bars replace the header; once hydrated, a member signed in on this
 * browser (the hint) gets them at once while the session is read. The page (`main`) keeps its
 * place in the tree either way: switching the bars never remounts it.
 */
function Frame({ children }: { children: React.ReactNode }) {
  const session = useSession();
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const member = session.data?.user ? true : session.isPending && hydrated && hasSignedInHint();
  // The room's screen of a live meeting: the page alone, full screen.
  if (PROJECTOR_PATH.test(pathname)) {
    return (
      <main id="contenu" className="flex-1">
        {children}
      </main>
    );
  }
  // The member app's bars are their own chunk: a visitor's page never loads it.
  return (
    <div className={member ? MEMBER_LAYOUT_CLASS : 'contents'}>
      {member ? (
        // Each bar's room is kept while its chunk arrives: the page does not move when it comes.
        <Suspense fallback={<div aria-hidden="true" className="hidden lg:block lg:h-screen lg:w-64 lg:shrink-0" />}>
          <MemberSideBar />
        </Suspense>
      ) : null}
      <div className={member ? MEMBER_COLUMN_CLASS : 'contents'}>
        {member ? (
          <Suspense fallback={<div aria-hidden="true" className="h-14 shrink-0 border-b border-slate-200 lg:h-16" />}>
            <MemberTopBar />
          </Suspense>
        ) : (
          <SiteHeader />
        )}
        <main id="contenu" className={member ? MEMBER_MAIN_CLASS : 'flex-1'}>
          {children}
        </main>
        <div className={member ? MEMBER_FOOTER_CLASS : 'contents'}>
          <SiteFooter roomForHomeButton={!member && pathname !== '/'} />
        </div>
      </div>
      {member ? (
        <Suspense fallback={null}>
          <MemberBottomBar />
        </Suspense>
      ) : (
        <HomeButton />
      )}
    </div>
  );
}

const PROJECTOR_PATH = /^\/reunions\/[^/]+\/projecteur\/?$/;

const shell = () => import('./shell/member-shell');
const MemberSideBar = lazy(() => shell().then((m) => ({ default: m.MemberSideBar })));
const MemberTopBar = lazy(() => shell().then((m) => ({ default: m.MemberTopBar })));
const MemberBottomBar = lazy(() => shell().then((m) => ({ default: m.MemberBottomBar })));

/** Marks the SPA shell's loading screen (HydrateFallback below): a page rendered in the browser. */
const APP_SHELL_ATTRIBUTE = 'data-app-shell';

// A member page's shell: the member's bars are asked for as soon as the root runs, beside the
// page's own files, instead of once the session is read (issue 28; decision 0033). A member is
// known by the hint this browser keeps or by the reads the server wrote into the page.
if (
  typeof document !== 'undefined' &&
  document.querySelector(`[${APP_SHELL_ATTRIBUTE}]`) &&
  (hasSignedInHint() || document.getElementById(SERVED_READS_ID))
) {
  void shell();
}
if (typeof document !== 'undefined' && document.querySelector(`[${APP_SHELL_ATTRIBUTE}]`)) {
  preloadRouteFiles(window.location.pathname);
}

/** Keeps this tab's session in step with the other tabs. */
function AuthChannel() {
  useAuthChannel();
  return null;
}

/** Its own markup, not the query-state kit's: the kit would weigh on every page's first load. */
export function HydrateFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center" aria-busy="true" {...{ [APP_SHELL_ATTRIBUTE]: '' }}>
      <p role="status" className="text-slate-600">
        Chargement…
      </p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main
      id="contenu"
      className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <h1 className="text-3xl font-bold">{notFound ? 'Page introuvable' : 'Une erreur est survenue'}</h1>
      <p className="text-slate-600">
        {notFound ? 'La page que vous cherchez n’existe pas.' : 'Veuillez réessayer dans un instant.'}
      </p>
      <Button asChild>
        <a href="/">Accueil</a>
      </Button>
    </main>
  );
}
