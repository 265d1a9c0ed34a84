import { QrCode, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '~/components/empty-state';
import { LoadError, Loading } from '~/components/query-state';
import { Button } from '~/components/ui/button';
import { CalendarFeed, GroupMeetings } from '~/features/meetings';
import { useMyGroup } from '../api/get-my-group';

/**
 * `Réunions` (/reunions), a place of the member app: check in at the door in one tap, then the
 * group's next meetings (each with its agenda) and the calendar feed. A member without a group is
 * told where to find one.
 */
export function MyMeetingsView() {
  const query = useMyGroup();
  if (query.isPending) return <Loading label="Chargement de vos réunions…" className="px-4 py-12" />;
  if (query.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <LoadError message="Impossible de charger vos réunions." error={query.error} onRetry={() => query.refetch()} />
      </div>
    );
  }
  const { group, membership } = query.data;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-8 sm:px-6">
      <Button asChild size="lg" className="self-start">
        <Link to="/pointage">
          <QrCode aria-hidden="true" />
          Pointer ma présence
        </Link>
      </Button>
      {group && membership ? (
        <>
          <GroupMeetings groupId={group.group.id} headingLevel={2} />
          <CalendarFeed />
        </>
      ) : (
        <EmptyState
          icon={UsersRound}
          action={
            <Button asChild variant="outline">
              <Link to="/groupes">Trouver un groupe</Link>
            </Button>
          }
        >
          Les réunions hebdomadaires sont celles de votre groupe&nbsp;: rejoignez un groupe où le siège de votre métier
          est libre.
        </EmptyState>
      )}
    </div>
  );
}
