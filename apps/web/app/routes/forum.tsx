import { PageHero } from '~/components/layout/page-hero';
import { ForumHome } from '~/features/forum';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Forum',
    description:
      'Le forum d’entraide du réseau Synergie Pro : questions, conseils et retours d’expérience entre entrepreneurs, commerçants et professionnels de tous les métiers.',
    path: '/forum',
  });

/** /forum (prerendered for visitors: its title, intro and search box; the categories load in the browser). */
export default function ForumPage() {
  return (
    <>
      <PageHero title="Forum">
        <p>
          Posez vos questions, partagez vos retours d’expérience et trouvez de l’aide auprès des membres du réseau. Les
          abonnés écrivent&#8239;; tout le monde peut lire les questions publiques des catégories nationales.
        </p>
      </PageHero>
      <ForumHome />
    </>
  );
}
