import { groupAdminMessages } from '@synergie/shared/group-admin';
import { formatMeetingRhythm, GROUP_MAX_MEMBERS, GROUP_STATUS_LABELS } from '@synergie/shared/group-constants';
import { ExternalLink, Pencil, Plus, UsersRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Loading } from '~/components/query-state';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { apiErrorMessage } from '~/lib/api-client';
import { type AdminGroup, useAdminGroups } from '../api/admin-groups';

const loadGroupDialog = () => import('./group-dialog');
const GroupDialog = lazy(loadGroupDialog);

const statusVariant = { forming: 'secondary', active: 'success', full: 'accent' } as const;

/** /admin/groupes: every group with its status, counts and leaders; create and edit. */
export function GroupsAdmin() {
  const groups = useAdminGroups();
  const [editing, setEditing] = useState<{ group: AdminGroup | null } | null>(null);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-semibold text-slate-900">Groupes</h2>
        <Button
          type="button"
          onClick={() => setEditing({ group: null })}
          onPointerEnter={loadGroupDialog}
          onFocus={loadGroupDialog}
        >
          <Plus aria-hidden="true" />
          Créer un groupe
        </Button>
      </div>

      {groups.isPending ? (
        <Loading variant="text" label="Chargement des groupes…" />
      ) : groups.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{apiErrorMessage(groups.error, groupAdminMessages.loadFailed)}</AlertDescription>
        </Alert>
      ) : groups.data.groups.length === 0 ? (
        <p className="text-slate-600">Aucun groupe pour le moment.</p>
      ) : (
        <ul aria-label="Groupes" className="grid gap-4 md:grid-cols-2">
          {groups.data.groups.map((group) => (
            <li
              key={group.id}
              className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <h3 className="font-semibold text-slate-900">{group.name}</h3>
                  <p className="text-sm text-slate-600">
                    {group.city} ({group.departmentCode}) · {group.region}
                  </p>
                </div>
                <Badge variant={statusVariant[group.status]}>{GROUP_STATUS_LABELS[group.status]}</Badge>
              </div>
              <p className="text-sm text-slate-700">
                {formatMeetingRhythm(group.meetingRhythm, group.meetingWeekday, group.meetingTime)} ·{' '}
                {group.meetingPlace}
              </p>
              <dl className="grid grid-cols-3 gap-2 text-sm">
                <div>
                  <dt className="text-slate-600">Membres</dt>
                  <dd className="font-semibold text-slate-900">
                    {group.activeMembers} / {GROUP_MAX_MEMBERS}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-600">Candidatures</dt>
                  <dd className="font-semibold text-slate-900">{group.pendingApplications}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">En attente</dt>
                  <dd className="font-semibold text-slate-900">{group.waitlist}</dd>
                </div>
              </dl>
              <div className="text-sm">
                <p className="text-slate-600">Responsables</p>
                {group.leaders.length === 0 ? (
                  <p className="text-slate-700">Aucun responsable nommé.</p>
                ) : (
                  <ul>
                    {group.leaders.map((leader) => (
                      <li key={leader.role}>
                        <span className="text-slate-600">{leader.roleLabel} :</span>{' '}
                        <span className="font-medium text-slate-900">{leader.fullName}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              <div className="mt-auto flex flex-wrap gap-2">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => setEditing({ group })}
                  onPointerEnter={loadGroupDialog}
                  onFocus={loadGroupDialog}
                >
                  <Pencil aria-hidden="true" />
                  Modifier<span className="sr-only"> le groupe {group.name}</span>
                </Button>
                <Button asChild variant="outline" size="sm">
                  <Link to={`/groupes/${group.slug}`}>
                    <ExternalLink aria-hidden="true" />
                    Page publique<span className="sr-only"> de {group.name}</span>
                  </Link>
                </Button>
                <Button asChild variant="outline" size="sm">
                  <Link to={`/groupes/${group.slug}/gestion`}>
                    <UsersRound aria-hidden="true" />
                    Responsables et gestion<span className="sr-only"> de {group.name}</span>
                  </Link>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <Suspense fallback={null}>
        {editing ? <GroupDialog group={editing.group} onClose={() => setEditing(null)} /> : null}
      </Suspense>
    </div>
  );
}
