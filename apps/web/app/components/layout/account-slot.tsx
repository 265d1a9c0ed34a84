import { UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';

/**
 * The navigation's account button: 'Inscription' (to /auth) for a visitor; the accounts
 * feature makes it 'Mon Profil' (to /profile) when a session exists.
 */
export function AccountSlot({ className }: { className?: string }) {
  return (
    <Button asChild className={className}>
      <Link to="/auth">
        <UserPlus aria-hidden="true" />
        Inscription
      </Link>
    </Button>
  );
}
