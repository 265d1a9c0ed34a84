import { guestMessages } from '@synergie/shared/guests';
import { useSearchParams } from 'react-router';
import { InvitationView } from '~/features/guests';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Votre invitation',
    description: 'Confirmez votre venue à la réunion où un membre du réseau vous invite.',
    path: '/invitation',
    noindex: true,
  });

/** /invitation?jeton=…[&code=…]: a guest's invitation link (and check-in); works without an account. */
export default function InvitationPage() {
  const [params] = useSearchParams();
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{guestMessages.confirmTitle}</h1>
      <InvitationView token={params.get('jeton') ?? ''} checkinToken={params.get('code') ?? ''} />
    </section>
  );
}
