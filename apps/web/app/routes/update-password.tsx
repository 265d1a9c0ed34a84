import { PageHero } from '~/components/layout/page-hero';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({ title: 'Nouveau mot de passe', description: 'Choisissez un nouveau mot de passe.', path: '/update-password', noindex: true });

export default function UpdatePasswordPage() {
  return <PageHero title="Nouveau mot de passe" />;
}
