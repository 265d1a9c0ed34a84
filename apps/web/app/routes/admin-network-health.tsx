import { groupHealthMessages as M } from '@synergie/shared/group-health-constants';
import { Suspense } from 'react';
import { PageHero } from '~/components/layout/page-hero';
import { RequireAdmin } from '~/features/admin';
import { NetworkHealthView } from '~/features/group-health';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: M.adminTitle,
    description: 'La santé de tout le réseau et de chaque région, avec la médiane nationale des groupes.',
    path: '/admin/sante-du-reseau',
    noindex: true,
  });

/** /admin/sante-du-reseau: the groups' health for the whole network and each region (issue 29). */
export default function AdminNetworkHealthPage() {
  return (
    <RequireAdmin>
      <PageHero title={M.adminTitle}>
        <p>{M.adminIntro}</p>
      </PageHero>
      <Suspense fallback={<div className="mx-auto h-96 max-w-7xl animate-pulse bg-slate-100" aria-hidden="true" />}>
        <NetworkHealthView />
      </Suspense>
    </RequireAdmin>
  );
}
