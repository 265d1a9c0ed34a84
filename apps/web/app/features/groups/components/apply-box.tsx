import { APPLICATION_STATUS_LABELS, formatMeetingRhythm, groupMessages } from '@synergie/shared/group-constants';
import { ArrowRight, ListOrdered, LogIn, UserPlus } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { LoadError, Loading } from '~/components/query-state';
import { Button } from '~/components/ui/button';
import { useSession } from '~/features/auth';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useWithdrawApplication } from '../api/applications';
import type { GroupPage } from '../api/get-group-page';
import { useMyGroup } from '../api/get-my-group';
import { type SeatState, useSeatState } from '../api/get-seat-state';
import { useJoinWaitlist, useLeaveWaitlist } from '../api/waitlist';
import { apiDateTime } from '../lib/dates';

// The form (zod, react-hook-form) loads only for a member whose seat is free.
const ApplyForm = lazy(() => import('./apply-form'));

type Group = GroupPage['group'];

/**
 * The public page's apply box (network-core §2 "Joining a group"): a visitor is invited to sign
 * up; a member's state for the seat of their trade (GET /api/groups/:groupId/seat) decides the rest.
 */
export function ApplyBox({ group }: { group: Group }) {
  const session = useSession();
  const location = useLocation();
  const userId = session.data?.user.id ?? null;
  return (
    <section
      id="candidature"
      aria-labelledby="apply-title"
      tabIndex={-1}
      className="scroll-mt-24 rounded-xl border border-brand-200 bg-brand-50 p-6 focus:outline-none"
    >
      <h2 id="apply-title" className="text-xl font-bold text-slate-900">
        Rejoindre ce groupe
      </h2>
      <div className="mt-3 min-h-24">
        {session.isPending ? (
          <BoxLoading />
        ) : userId ? (
          <MemberApplyBox group={group} userId={userId} />
        ) : (
          <div className="flex flex-col gap-4">
            <p className="text-slate-700">
              Un seul professionnel par métier dans chaque groupe. Créez votre compte pour postuler au siège de votre
              métier.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button asChild>
                <Link to="/auth" state={{ from: location.pathname }}>
                  <UserPlus aria-hidden="true" />
                  Créer mon compte pour postuler
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/auth" state={{ from: location.pathname }}>
                  <LogIn aria-hidden="true" />
                  Se connecter
                </Link>
              </Button>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}

function BoxLoading() {
  return (
    <Loading>
      <div aria-hidden="true" className="h-20 animate-pulse rounded-lg bg-brand-100" />
    </Loading>
  );
}

function MemberApplyBox({ group, userId }: { group: Group; userId: string }) {
  const seat = useSeatState(group.id, userId);
  if (seat.isPending) return <BoxLoading />;
  if (seat.isError) {
    return (
      <LoadError
        title={null}
        message="Impossible de vérifier votre siège dans ce groupe."
        error={seat.error}
        onRetry={() => seat.refetch()}
      />
    );
  }
  return <SeatStateView group={group} seat={seat.data} />;
}

/** What the member reads and may do, for each state of their trade's seat in this group. */
export function SeatStateView({ group, seat }: { group: Group; seat: SeatState }) {
  const tradeLabel = seat.trade?.label ?? '';
  switch (seat.state) {
    case 'no_trade':
      return (
        <div className="flex flex-col items-start gap-3">
          <p className="text-slate-700">{groupMessages.pickYourTrade}</p>
          <Button asChild>
            <Link to="/profile">
              Choisir mon métier
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      );
    case 'seat_free':
      return (
        <div className="flex flex-col gap-3">
          <p className="text-slate-700">
            Le siège <strong>{tradeLabel}</strong> est libre dans ce groupe.
          </p>
          <Suspense fallback={<BoxLoading />}>
            <ApplyForm groupId={group.id} />
          </Suspense>
        </div>
      );
    case 'seat_held':
      return <SeatHeld group={group} seat={seat} />;
    case 'waiting':
      return <Waiting seat={seat} />;
    case 'applied':
      return <Applied applicationId={seat.applicationId} />;
    case 'member_here':
      return (
        <div className="flex flex-col items-start gap-3">
          <p className="text-slate-700">Vous êtes membre de ce groupe{tradeLabel ? ` au siège ${tradeLabel}` : ''}.</p>
          <Button asChild variant="outline">
            <Link to="/mon-groupe">Mon groupe</Link>
          </Button>
        </div>
      );
    case 'member_elsewhere':
      return (
        <div className="flex flex-col items-start gap-3">
          <p className="text-slate-700">
            Vous êtes déjà membre d’un autre groupe. Un membre n’occupe qu’un siège, dans son groupe d’attache.
          </p>
          <Button asChild variant="outline">
            <Link to="/mon-groupe">Mon groupe</Link>
          </Button>
        </div>
      );
  }
}

function ActionError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm font-medium text-red-700">
      {apiErrorMessage(error, 'L’opération n’a pas pu aboutir. Veuillez réessayer.')}
    </p>
  );
}

function SeatHeld({ group, seat }: { group: Group; seat: SeatState }) {
  const join = useJoinWaitlist();
  return (
    <div className="flex flex-col gap-4">
      <p className="font-medium text-slate-900">{groupMessages.seatTaken}</p>
      <div className="flex flex-col items-start gap-2">
        <Button
          type="button"
          disabled={join.isPending}
          onClick={() =>
            join.mutate(group.id, {
              onSuccess: (entry) => notify.success(groupMessages.waitlistPosition(entry.position)),
            })
          }
        >
          <ListOrdered aria-hidden="true" />
          {groupMessages.joinWaitlist}
        </Button>
        <ActionError error={join.error} />
      </div>
      {seat.nearestGroups.length > 0 ? (
        <div>
          <h3 className="font-semibold text-slate-900">{groupMessages.nearestGroups}</h3>
          <ul className="mt-2 flex flex-col gap-2">
            {seat.nearestGroups.map((near) => (
              <li key={near.id}>
                <Link
                  to={`/groupes/${near.slug}`}
                  className="font-medium text-brand-700 underline-offset-4 hover:underline"
                >
                  {near.name}
                </Link>{' '}
                <span className="text-sm text-slate-600">
                  {near.city} ({near.departmentCode}),{' '}
                  {formatMeetingRhythm(near.meetingRhythm, near.meetingWeekday, near.meetingTime)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function Waiting({ seat }: { seat: SeatState }) {
  const leave = useLeaveWaitlist();
  const entry = seat.waitlist;
  if (!entry) return null;
  return (
    <div className="flex flex-col items-start gap-3">
      {entry.status === 'offered' && entry.offerExpiresAt ? (
        <p className="font-medium text-slate-900">
          Le siège {entry.tradeLabel} vous est proposé jusqu’au {apiDateTime(entry.offerExpiresAt)}.{' '}
          <Link to="/mon-groupe" className="text-brand-700 underline underline-offset-4">
            Répondre depuis Mon groupe
          </Link>
        </p>
      ) : (
        <p className="font-medium text-slate-900">{groupMessages.waitlistPosition(entry.position)}</p>
      )}
      <Button
        type="button"
        variant="outline"
        disabled={leave.isPending}
        onClick={() =>
          leave.mutate(entry.id, { onSuccess: () => notify.success('Vous avez quitté la liste d’attente.') })
        }
      >
        {groupMessages.leaveWaitlist}
      </Button>
      <ActionError error={leave.error} />
    </div>
  );
}

function Applied({ applicationId }: { applicationId: string | null }) {
  const myGroup = useMyGroup();
  const withdraw = useWithdrawApplication();
  const application = myGroup.data?.myApplications.find((a) => a.id === applicationId);
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="font-medium text-slate-900">
        Votre candidature
        {application ? `\u00a0: ${APPLICATION_STATUS_LABELS[application.status].toLowerCase()}` : ' est en cours'}.
      </p>
      {application?.status === 'pending' ? (
        <p className="text-sm text-slate-700">
          Les membres du groupe peuvent faire objection jusqu’au {apiDateTime(application.objectionPeriodEndsAt)}, puis
          un responsable du groupe décidera.
        </p>
      ) : null}
      {application?.decisionMessage ? (
        <p className="text-sm text-slate-700">
          Message des responsables{'\u00a0'}: {application.decisionMessage}
        </p>
      ) : null}
      {applicationId && (!application || application.status === 'pending') ? (
        <Button
          type="button"
          variant="outline"
          disabled={withdraw.isPending}
          onClick={() =>
            withdraw.mutate(applicationId, { onSuccess: () => notify.success('Votre candidature a été retirée.') })
          }
        >
          Retirer ma candidature
        </Button>
      ) : null}
      <ActionError error={withdraw.error} />
    </div>
  );
}
