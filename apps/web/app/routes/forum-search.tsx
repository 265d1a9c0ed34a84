import { PageHero } from '~/components/layout/page-hero';
import { SearchView } from '~/features/forum';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Rechercher dans le forum',
    description: "Les sujets du forum d'entraide Synergie Pro qui répondent à votre recherche.",
    path: '/forum/recherche',
    noindex: true,
  });

/** /forum/recherche?q=: the forum's full-text search. */
export default function ForumSearchPage() {
  return (
    <>
      <PageHero title="Rechercher dans le forum" />
      <SearchView />
    </>
  );
}
