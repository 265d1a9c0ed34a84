import { forumMessages } from '@synergie/shared/forum-constants';
import { PageHero } from '~/components/layout/page-hero';
import { RequireAuth } from '~/features/auth';
import { ModerationView } from '~/features/forum';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: forumMessages.moderation,
    description: 'Les signalements du forum à traiter.',
    path: '/forum/moderation',
    noindex: true,
  });

/** /forum/moderation: the reports queue (group leaders for their group's category, admins for all). */
export default function ForumModerationPage() {
  return (
    <RequireAuth>
      <PageHero title={forumMessages.moderation}>
        <p>Masquez ou rétablissez les messages signalés, avec une raison gardée dans leur historique.</p>
      </PageHero>
      <ModerationView />
    </RequireAuth>
  );
}
