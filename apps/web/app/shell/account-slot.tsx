import { UserPlus, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { useSession } from '~/features/auth';

/** The navigation's account button: 'Mon Profil' (to /profile) with a session, 'Inscription' (to /auth) without. */
export function AccountSlot({ className }: { className?: string }) {
  const session = useSession();
  if (session.data?.user) {
    return (
      <Button asChild className={className}>
        <Link to="/profile">
          <UserRound aria-hidden="true" />
          Mon Profil
        </Link>
      </Button>
    );
  }
  return (
    <Button asChild className={className}>
      <Link to="/auth">
        <UserPlus aria-hidden="true" />
        Inscription
      </Link>
    </Button>
  );
}
