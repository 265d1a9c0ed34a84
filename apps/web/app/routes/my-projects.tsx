import { PageHero } from '~/components/layout/page-hero';
import { RequireSubscriber } from '~/features/billing';
import { SharedProjectsSection } from '~/features/network';
import { MemberProjects } from '~/features/projects';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Mes projets',
    description: 'Vos projets de membre et vos collaborations.',
    path: '/my-projects',
    noindex: true,
  });

/** /my-projects: the member's own projects (subscribers only, spec section 6). */
export default function MyProjectsPage() {
  return (
    <RequireSubscriber>
      <PageHero title="Mes projets">
        <p>Vos réalisations publiées dans le portfolio des membres et vos collaborations avec d’autres membres.</p>
      </PageHero>
      <div className="mx-auto flex max-w-7xl flex-col gap-16 px-4 py-16 sm:px-6 lg:px-8">
        <MemberProjects
          scope="mine"
          title="Mes projets publiés"
          headingId="my-projects-title"
          emptyText="Vous n’avez pas encore publié de projet. Partagez votre première réalisation&#8239;!"
        />
        <SharedProjectsSection />
      </div>
    </RequireSubscriber>
  );
}
