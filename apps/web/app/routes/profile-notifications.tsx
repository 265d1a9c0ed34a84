import { NotificationSettingsSection } from '~/features/notifications';
import { PushDevicesCard } from '~/features/push';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Notifications - Mon Profil',
    description: 'Ce que le réseau vous envoie, et sur quels appareils.',
    path: '/profile/notifications',
    noindex: true,
  });

/** /profile/notifications: each kind's choice, then this device's push notifications. */
export default function ProfileNotifications() {
  return (
    <>
      <NotificationSettingsSection />
      <PushDevicesCard />
    </>
  );
}
