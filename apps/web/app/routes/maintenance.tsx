import { Clock, RotateCw, Wrench } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { seo } from '~/lib/seo';
import { SITE_NAME } from '~/lib/site';

export const meta = () =>
  seo({
    title: 'Maintenance',
    description: 'Le site est en maintenance. Il sera de nouveau disponible dans 30 minutes à 1 heure.',
    path: '/maintenance',
    noindex: true,
  });

export default function MaintenancePage() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-6 px-4 py-16 text-center">
      <span className="flex size-20 items-center justify-center rounded-full bg-brand-100 text-brand-800">
        <Wrench aria-hidden="true" className="size-10" />
      </span>
      <h1 className="text-3xl font-bold">Maintenance en cours</h1>
      <p className="text-slate-600">
        {SITE_NAME} fait l’objet d’une maintenance pour améliorer votre expérience. Merci de votre patience !
      </p>
      <p className="flex items-center gap-2 rounded-full bg-orange-50 px-4 py-2 text-sm font-semibold text-orange-900">
        <Clock aria-hidden="true" className="size-4" />
        Durée estimée : 30 minutes à 1 heure
      </p>
      <Button type="button" onClick={() => window.location.reload()}>
        <RotateCw aria-hidden="true" />
        Vérifier à nouveau
      </Button>
    </section>
  );
}
