import { LogOut } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { useSignOut } from '../api/sign-out';

/** `Se déconnecter` on this device (the member app's `Plus`); every device from /profile. */
export function SignOutButton() {
  const signOut = useSignOut();
  return (
    <Button type="button" variant="outline" disabled={signOut.isPending} onClick={() => signOut.mutate('local')}>
      <LogOut aria-hidden="true" />
      Se déconnecter
    </Button>
  );
}
