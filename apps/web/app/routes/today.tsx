import { RequireAuth } from '~/features/auth';
import { TodayView } from '~/features/today';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Aujourd’hui',
    description:
      'Ce qui vous attend aujourd’hui\u00a0: réunion, affaires à confirmer, recommandations à faire avancer.',
    path: '/aujourdhui',
    noindex: true,
  });

/** /aujourdhui: the member's home (issue 28). */
export default function TodayPage() {
  return (
    <RequireAuth>
      <TodayView />
    </RequireAuth>
  );
}
