import { PageHero } from '~/components/layout/page-hero';
import { RequireSubscriber } from '~/features/billing';
import { ContactRequestsLink, ContactRequestsPanel, MemberDirectory } from '~/features/network';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Membres',
    description: 'L’annuaire des membres du réseau\u00a0: recherche, évaluations, demandes de contact et synergies.',
    path: '/members',
    noindex: true,
  });

/** /members: the directory (subscribers only, spec sections 2 and 6). */
export default function MembersPage() {
  return (
    <RequireSubscriber>
      <PageHero title="Membres">
        <p>
          Trouvez les professionnels complémentaires du réseau, évaluez-les et proposez-leur de travailler ensemble.
        </p>
      </PageHero>
      {/* The members' grid first (issue 31); the requests received are one line above it, below it in full. */}
      <div className="mx-auto flex max-w-7xl flex-col gap-12 px-4 py-12 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-4">
          <ContactRequestsLink />
          <MemberDirectory />
        </div>
        <ContactRequestsPanel />
      </div>
    </RequireSubscriber>
  );
}
