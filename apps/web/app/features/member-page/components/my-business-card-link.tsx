import { memberPageMessages, memberPagePath } from '@synergie/shared/member-page-constants';
import { IdCard } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';

/** /profile: a link to the member's own public page and business card. */
export function MyBusinessCardLink({ userId }: { userId: string }) {
  return (
    <Button asChild variant="outline" className="self-start">
      <Link to={memberPagePath(userId)}>
        <IdCard aria-hidden="true" />
        {memberPageMessages.myCard}
      </Link>
    </Button>
  );
}
