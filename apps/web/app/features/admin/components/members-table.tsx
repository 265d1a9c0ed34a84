import { adminMemberMessages, subscriptionStatusLabels } from '@synergie/shared/admin';
import { formatCount, formatDate } from '@synergie/shared/format';
import { BadgeCheck, Ban, Pencil, Receipt, Search, Shield, Trash2 } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { pageCount } from '~/components/pagination';
import { Loading } from '~/components/query-state';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { useMe } from '~/features/profile';
import { apiErrorMessage } from '~/lib/api-client';
import { parseApiDateTime } from '~/lib/api-dates';
import { notify } from '~/lib/toast';
import { type AdminMember, useAdminMembers, useDemoSubscriptionAction } from '../api/admin-members';

const loadEditDialog = () => import('./members-edit-dialog');
const loadDeleteDialog = () => import('./members-delete-dialog');
const MembersEditDialog = lazy(loadEditDialog);
const MembersDeleteDialog = lazy(loadDeleteDialog);

type OpenDialog = { kind: 'edit' | 'delete'; member: AdminMember } | null;

const planLabels: Record<string, string> = { monthly: 'Mensuel', annual: 'Annuel' };

function SubscriptionCell({ member }: { member: AdminMember }) {
  const demo = useDemoSubscriptionAction();
  const sub = member.subscription;
  if (!sub) return <span className="text-slate-600">Aucun</span>;
  const name = member.fullName ?? member.email;
  const run = (action: 'renew' | 'cancel') =>
    demo.mutate(
      { userId: member.userId, action },
      {
        onSuccess: () =>
          notify.success(action === 'renew' ? adminMemberMessages.renewed : adminMemberMessages.canceled),
        onError: (error) =>
          notify.error(
            apiErrorMessage(
              error,
              action === 'renew' ? adminMemberMessages.renewFailed : adminMemberMessages.cancelFailed,
            ),
          ),
      },
    );
  return (
    <div className="flex flex-col items-start gap-1">
      <span>
        {subscriptionStatusLabels[sub.status] ?? sub.status} · {planLabels[sub.planId] ?? sub.planId}
      </span>
      <span className="text-xs text-slate-600">
        {sub.provider === 'demo' ? 'Démonstration' : 'Stripe'}
        {sub.currentPeriodEnd ? ` · jusqu’au ${formatDate(parseApiDateTime(sub.currentPeriodEnd), 'medium')}` : ''}
        {sub.cancelAtPeriodEnd ? ' · fin de période' : ''}
      </span>
      {sub.provider === 'demo' && sub.status !== 'canceled' ? (
        <div className="flex flex-wrap gap-1">
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={demo.isPending}
            onClick={() => run('renew')}
            aria-label={`Encaisser une période pour ${name}`}
          >
            <Receipt aria-hidden="true" />
            Encaisser une période
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={demo.isPending}
            onClick={() => run('cancel')}
            aria-label={`Résilier l’abonnement de ${name}`}
          >
            <Ban aria-hidden="true" />
            Résilier
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** admin_get_all_profiles: every member, searchable and paged, with edit and delete. */
export function MembersTable() {
  const [search, setSearch] = useState({ q: '', page: 1 });
  const [typed, setTyped] = useState('');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const members = useAdminMembers(search);
  const me = useMe();
  const close = () => setDialog(null);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch({ q: typed.trim(), page: 1 });
  };
  const pages = members.data ? pageCount(members.data.total, members.data.pageSize) : 1;

  return (
    <div className="flex flex-col gap-4">
      <search>
        <form onSubmit={onSearch} className="flex flex-wrap items-end gap-3">
          <div className="flex min-w-64 flex-1 flex-col gap-1.5">
            <Label htmlFor="member-search">Rechercher un membre</Label>
            <Input
              id="member-search"
              type="search"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder="Nom, email, entreprise ou métier"
            />
          </div>
          <Button type="submit" variant="outline">
            <Search aria-hidden="true" />
            Rechercher
          </Button>
        </form>
      </search>

      {members.isPending ? (
        <Loading variant="text" label="Chargement des membres…" />
      ) : members.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Erreur</AlertTitle>
          <AlertDescription>{apiErrorMessage(members.error, adminMemberMessages.loadFailed)}</AlertDescription>
        </Alert>
      ) : members.data.members.length === 0 ? (
        <p className="text-slate-600">Aucun membre ne correspond à cette recherche.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Membres du réseau ({members.data.total})</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Membre
                </th>
                <th scope="col" className="px-3 py-2">
                  Entreprise et métier
                </th>
                <th scope="col" className="px-3 py-2">
                  Inscription
                </th>
                <th scope="col" className="px-3 py-2">
                  Abonnement
                </th>
                <th scope="col" className="px-3 py-2">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {members.data.members.map((member) => {
                const name = member.fullName ?? member.email;
                return (
                  <tr key={member.userId} className="align-top">
                    <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                      {name}
                      <span className="block text-xs font-normal text-slate-600">{member.email}</span>
                      <span className="mt-1 flex flex-wrap gap-1">
                        {member.isAdmin ? (
                          <Badge className="gap-1">
                            <Shield aria-hidden="true" className="size-3" />
                            Admin
                          </Badge>
                        ) : null}
                        {member.emailVerified ? (
                          <Badge variant="success" className="gap-1">
                            <BadgeCheck aria-hidden="true" className="size-3" />
                            Email vérifié
                          </Badge>
                        ) : (
                          <Badge variant="secondary">Email non vérifié</Badge>
                        )}
                      </span>
                    </th>
                    <td className="px-3 py-2">
                      {member.companyName ?? <span className="text-slate-600">—</span>}
                      {member.profession ? (
                        <span className="block text-xs text-slate-600">{member.profession}</span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      {formatDate(parseApiDateTime(member.createdAt), 'medium')}
                    </td>
                    <td className="px-3 py-2">
                      <SubscriptionCell member={member} />
                    </td>
                    <td className="px-3 py-2">
                      <div className="flex flex-wrap gap-1">
                        <Button
                          type="button"
                          size="sm"
                          variant="outline"
                          onClick={() => setDialog({ kind: 'edit', member })}
                          onPointerEnter={loadEditDialog}
                          onFocus={loadEditDialog}
                          aria-label={`Modifier ${name}`}
                        >
                          <Pencil aria-hidden="true" />
                          Modifier
                        </Button>
                        {member.userId !== me.data?.user.id ? (
                          <Button
                            type="button"
                            size="sm"
                            variant="destructive"
                            onClick={() => setDialog({ kind: 'delete', member })}
                            onPointerEnter={loadDeleteDialog}
                            onFocus={loadDeleteDialog}
                            aria-label={`Supprimer ${name}`}
                          >
                            <Trash2 aria-hidden="true" />
                            Supprimer
                          </Button>
                        ) : null}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {members.data && pages > 1 ? (
        <nav aria-label="Pages des membres" className="flex items-center justify-between gap-3">
          <Button
            type="button"
            variant="outline"
            disabled={search.page <= 1}
            onClick={() => setSearch((s) => ({ ...s, page: s.page - 1 }))}
          >
            Précédent
          </Button>
          <span className="text-sm text-slate-700">
            Page {search.page} sur {pages} · {formatCount(members.data.total, { one: 'membre', other: 'membres' })}
          </span>
          <Button
            type="button"
            variant="outline"
            disabled={search.page >= pages}
            onClick={() => setSearch((s) => ({ ...s, page: s.page + 1 }))}
          >
            Suivant
          </Button>
        </nav>
      ) : null}

      <Suspense fallback={null}>
        {dialog?.kind === 'edit' ? <MembersEditDialog member={dialog.member} onClose={close} /> : null}
        {dialog?.kind === 'delete' ? <MembersDeleteDialog member={dialog.member} onClose={close} /> : null}
      </Suspense>
    </div>
  );
}
