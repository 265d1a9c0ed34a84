import { profileSectionForAnchor, profileSections } from '@synergie/shared/profile-sections';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { SectionNav } from '~/components/layout/section-nav';
import { LoadError, Loading } from '~/components/query-state';
import { RequireAuth } from '~/features/auth';
import { useMe } from '~/features/profile';
import { ApiRequestError } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';
import { useScrollToHash } from '~/lib/use-scroll-to-hash';

const sectionLinks = profileSections.map((section) => ({ to: section.path, label: section.label }));

/**
 * `Mon profil` (issue 31): the sections of packages/shared/src/profile-sections.ts, each at its own
 * address (its route module `routes/profile-*.tsx`), with their navigation. The member's account
 * is loaded here once; a section reads it from the cache (`useMe`).
 */
export default function ProfileLayout() {
  return (
    <RequireAuth>
      <PageHero title="Mon Profil" />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:py-10 lg:grid-cols-[13rem_minmax(0,1fr)]">
        <SectionNav label="Sections du profil" items={sectionLinks} />
        <div className="flex min-w-0 flex-col gap-10">
          <MemberAccount />
        </div>
      </div>
    </RequireAuth>
  );
}

function MemberAccount() {
  const me = useMe();
  const queryClient = useQueryClient();
  const { pathname, hash } = useLocation();
  const signedOut = me.error instanceof ApiRequestError && me.error.status === 401;

  // The session ended elsewhere: the guard sees it once the session query is refreshed.
  useEffect(() => {
    if (signedOut) void queryClient.invalidateQueries({ queryKey: queryKeys.session });
  }, [signedOut, queryClient]);
  useScrollToHash(me.isSuccess);

  // A link written before the sections (`/profile#appareils`) lands on the section of its anchor.
  const moved = pathname.replace(/\/$/, '') === '/profile' ? profileSectionForAnchor(hash) : null;
  if (moved) return <Navigate to={moved} replace />;

  if (me.isPending) return <ProfileSkeleton />;
  if (me.isError) {
    return (
      <LoadError
        message="Erreur lors du chargement du profil"
        onRetry={() => me.refetch()}
        retrying={me.isRefetching}
      />
    );
  }
  return <Outlet />;
}

function ProfileSkeleton() {
  return (
    <Loading label="Chargement du profil…">
      <div className="flex animate-pulse flex-col gap-8" aria-hidden="true">
        <div className="flex items-center gap-5">
          <div className="size-24 rounded-full bg-slate-200" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="h-7 w-1/3 rounded bg-slate-200" />
            <div className="h-4 w-1/4 rounded bg-slate-200" />
          </div>
        </div>
        <div className="h-96 rounded-xl bg-slate-200" />
      </div>
    </Loading>
  );
}
