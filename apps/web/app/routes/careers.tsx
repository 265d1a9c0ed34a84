import { Briefcase, Handshake, LogIn, MapPin, Send, Users } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '~/components/empty-state';
import { PageHero } from '~/components/layout/page-hero';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Carrières',
    description:
      "Offres d'emploi, missions et collaborations publiées par les entreprises du réseau Synergie Pro : trouvez votre prochain poste ou le talent qui manque à votre équipe.",
    path: '/careers',
  });

const reasons = [
  {
    icon: Users,
    title: 'Des recruteurs de confiance',
    text: "Chaque offre est publiée par un membre du réseau : un chef d'entreprise que vous pouvez rencontrer lors de nos événements.",
  },
  {
    icon: MapPin,
    title: 'Des postes près de chez vous',
    text: 'Les groupes du réseau sont locaux : les offres concernent des entreprises de votre territoire, dans tous les métiers.',
  },
  {
    icon: Send,
    title: 'Une candidature directe',
    text: "Vous postulez en quelques lignes et votre message arrive directement à l'auteur de l'offre.",
  },
];

export default function CareersPage() {
  return (
    <>
      <PageHero title="Carrières">
        <p>
          Les entreprises du réseau recrutent : découvrez leurs offres d'emploi, ou publiez la vôtre pour trouver le
          profil qui manque à votre équipe.
        </p>
      </PageHero>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-3 lg:px-8">
        <section aria-labelledby="offers-title" className="lg:col-span-2">
          <h2 id="offers-title" className="mb-6 text-3xl font-bold tracking-tight text-slate-900">
            Offres d'emploi
          </h2>
          <EmptyState icon={Briefcase}>
            Aucune offre d'emploi pour le moment. Les offres publiées par les membres du réseau apparaîtront ici.
          </EmptyState>
        </section>

        <aside aria-labelledby="publish-title">
          <Card className="border-brand-100 bg-brand-50">
            <CardHeader>
              <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-white text-brand-800">
                <Handshake aria-hidden="true" className="size-6" />
              </span>
              <h2 id="publish-title" className="text-xl font-semibold leading-tight text-slate-900">
                Publier une offre
              </h2>
              <CardDescription className="text-base text-slate-700">
                Vous recrutez ? Connectez-vous pour publier votre offre et recevoir les candidatures des membres du
                réseau.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild className="w-full">
                <Link to="/auth">
                  <LogIn aria-hidden="true" />
                  Se connecter
                </Link>
              </Button>
            </CardContent>
          </Card>
        </aside>
      </div>

      <section aria-labelledby="why-title" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 id="why-title" className="mb-8 text-3xl font-bold tracking-tight text-slate-900">
            Pourquoi chercher dans le réseau ?
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
