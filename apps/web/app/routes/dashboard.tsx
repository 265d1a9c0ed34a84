import { dashboardMessages as M } from '@synergie/shared/dashboard-constants';
import { PageHero } from '~/components/layout/page-hero';
import { RequireSubscriber } from '~/features/billing';
import { DashboardFigures } from '~/features/dashboard';
import { PickTradePrompt, RegulatedTradeNotice } from '~/features/profile';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Tableau de bord',
    description:
      'Vos chiffres de membre\u00a0: recommandations sur 12 mois, affaires confirmées et à confirmer, prochaines actions, contacts, évaluations, événements et parrainage.',
    path: '/dashboard',
    noindex: true,
  });

/** /dashboard: the member's trend, business and next actions, then their figures (subscribers only, spec sections 2 and 6, issue 29). */
export default function DashboardPage() {
  return (
    <RequireSubscriber>
      <PageHero title={M.title}>
        <p>{M.intro}</p>
      </PageHero>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-12 sm:px-6 lg:px-8">
        <PickTradePrompt linkToProfile />
        {/* The dashboard shows the member's commissions (Parrainage): network-core §1's notice. */}
        <RegulatedTradeNotice />
        <DashboardFigures />
      </div>
    </RequireSubscriber>
  );
}
