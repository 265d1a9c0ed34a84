import { useSearchParams } from 'react-router';
import { RequireAuth } from '~/features/auth';
import { StopRenewalView } from '~/features/billing';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Arrêter le renouvellement',
    description: 'Arrêter le renouvellement de votre abonnement annuel.',
    path: '/abonnement/renouvellement',
    noindex: true,
  });

/** /abonnement/renouvellement?jeton=…: the annual renewal reminder's link (signed; sign-in first). */
export default function StopRenewalPage() {
  const [params] = useSearchParams();
  return (
    <RequireAuth>
      <section className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-16">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Arrêter le renouvellement</h1>
        <StopRenewalView token={params.get('jeton') ?? ''} />
      </section>
    </RequireAuth>
  );
}
