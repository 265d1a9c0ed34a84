import { notificationMessages } from '@synergie/shared/notification-constants';
import { useSearchParams } from 'react-router';
import { UnsubscribeView } from '~/features/notifications';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Se désabonner',
    description: 'Ne plus recevoir certains emails de notification.',
    path: '/desabonnement',
    noindex: true,
  });

/** /desabonnement?jeton=…: a notification mail's unsubscribe link; works without signing in. */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{notificationMessages.unsubscribeTitle}</h1>
      <UnsubscribeView token={params.get('jeton') ?? ''} />
    </section>
  );
}
