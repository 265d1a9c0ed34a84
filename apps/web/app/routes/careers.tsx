import { MapPin, Send, Users } from 'lucide-react';
import { PageHero } from '~/components/layout/page-hero';
import { Card, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { CareersBoard } from '~/features/jobs';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Carrières',
    description:
      'Offres d’emploi, missions et collaborations publiées par les entreprises du réseau Synergie Pro : trouvez votre prochain poste ou le talent qui manque à votre équipe.',
    path: '/careers',
  });

const reasons = [
  {
    icon: Users,
    title: 'Des recruteurs de confiance',
    text: 'Chaque offre est publiée par un membre du réseau : un chef d’entreprise que vous pouvez rencontrer lors de nos événements.',
  },
  {
    icon: MapPin,
    title: 'Des postes près de chez vous',
    text: 'Les groupes du réseau sont locaux : les offres concernent des entreprises de votre territoire, dans tous les métiers.',
  },
  {
    icon: Send,
    title: 'Une candidature directe',
    text: 'Vous postulez en quelques lignes et votre message arrive directement à l’auteur de l’offre.',
  },
];

export default function CareersPage() {
  return (
    <>
      <PageHero title="Carrières">
        <p>
          Les entreprises du réseau recrutent : découvrez leurs offres d’emploi, ou publiez la vôtre pour trouver le
          profil qui manque à votre équipe.
        </p>
      </PageHero>

      <CareersBoard />

      <section aria-labelledby="why-title" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 id="why-title" className="mb-8 text-3xl font-bold tracking-tight text-slate-900">
            Pourquoi chercher dans le réseau ?
          </h2>
          <ul className="grid gap-6 md:grid-cols-3">
            {reasons.map((reason) => (
              <li key={reason.title}>
                <Card className="h-full">
                  <CardHeader>
                    <reason.icon aria-hidden="true" className="mb-2 size-8 text-accent-600" />
                    <CardTitle>{reason.title}</CardTitle>
                    <CardDescription className="text-base">{reason.text}</CardDescription>
                  </CardHeader>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
