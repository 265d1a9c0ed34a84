import { PageHero } from '~/components/layout/page-hero';
import { RequireAuth } from '~/features/auth';
import { NewTopicView } from '~/features/forum';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Poser une question',
    description: "Posez une question aux membres du réseau sur le forum d'entraide.",
    path: '/forum/nouveau',
    noindex: true,
  });

/** /forum/nouveau?categorie=slug: a new question (subscribers). */
export default function ForumNewPage() {
  return (
    <RequireAuth>
      <PageHero title="Poser une question">
        <p>Les membres du réseau vous répondent&#8239;; choisissez la réponse qui vous aide.</p>
      </PageHero>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <NewTopicView />
      </div>
    </RequireAuth>
  );
}
