import { RequireAuth } from '~/features/auth';
import { ReturnView } from '~/features/member-return';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Mon retour sur cotisation',
    description: 'Les affaires que le réseau vous a apportées, face à votre cotisation, sur 12 mois.',
    path: '/mon-retour',
    noindex: true,
  });

/** /mon-retour: the member's return on the fee (issue 29). */
export default function MemberReturnPage() {
  return (
    <RequireAuth>
      <ReturnView />
    </RequireAuth>
  );
}
