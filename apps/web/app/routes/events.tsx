import { PageHero } from '~/components/layout/page-hero';
import { EventCategoryCard, EventsBoard, eventCategories } from '~/features/events';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Événements',
    description:
      'Ateliers, afterworks, conférences, forums, réunions de groupe et lancements : les événements du réseau Synergie Pro pour rencontrer des professionnels de tous les métiers.',
    path: '/events',
  });

export default function EventsPage() {
  return (
    <>
      <PageHero title="Événements">
        <p>
          Rencontrez les membres du réseau, partagez vos recommandations et développez vos affaires lors de nos
          événements, en petit comité comme en grand format.
        </p>
      </PageHero>

      <EventsBoard />

      <section aria-labelledby="formats-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="mb-10 max-w-3xl">
          <h2 id="formats-title" className="text-3xl font-bold tracking-tight text-slate-900">
            Nos formats d’événements
          </h2>
          <p className="mt-3 text-lg text-slate-600">
            Chaque événement appartient à l’une de ces six catégories, pour savoir d’un coup d’œil à quoi vous attendre.
          </p>
        </div>
        <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {eventCategories.map((category) => (
            <li key={category.name}>
              <EventCategoryCard category={category} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
