import { PageHero } from '~/components/layout/page-hero';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { SecuritySection } from '~/features/auth/components/security-section';
import { seo } from '~/lib/seo';

export const meta = () => seo({ title: 'Mon Profil', description: 'Votre profil de membre.', path: '/profile', noindex: true });

export default function ProfilePage() {
  return (
    <RequireAuth>
      <PageHero title="Mon Profil" />
      <div className="mx-auto max-w-5xl px-4 py-10">
        <SecuritySection />
      </div>
    </RequireAuth>
  );
}
