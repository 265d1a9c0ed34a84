import { PageHero } from '~/components/layout/page-hero';
import { ForumTopicCard, sampleTopics } from '~/features/forum';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Forum',
    description:
      "Le forum d'entraide du réseau Synergie Pro : questions, conseils et retours d'expérience entre entrepreneurs, commerçants et professionnels de tous les métiers.",
    path: '/forum',
  });

export default function ForumPage() {
  return (
    <>
      <PageHero title="Forum">
        <p>Posez vos questions, partagez vos retours d'expérience et trouvez de l'aide auprès des membres du réseau.</p>
      </PageHero>
      <section aria-labelledby="topics-title" className="mx-auto max-w-5xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="topics-title" className="mb-8 text-3xl font-bold tracking-tight text-slate-900">
          Discussions récentes
        </h2>
        <ul className="flex flex-col gap-4">
          {sampleTopics.map((topic) => (
            <li key={topic.id}>
              <ForumTopicCard topic={topic} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
