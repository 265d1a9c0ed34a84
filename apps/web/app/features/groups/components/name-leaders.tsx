import { zodResolver } from '@hookform/resolvers/zod';
import { LEADER_ROLE_LABELS, LEADER_ROLES, type LeaderRole, leaderRoleLabel } from '@synergie/shared/group-constants';
import { nameLeaderSchema } from '@synergie/shared/groups';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import type { LeaderPage } from '../api/get-leaders-page';
import { useNameLeader } from '../api/membership';
import { FormError } from './form-error';

type Member = LeaderPage['members'][number];

/** Naming the three leaders (the président or an admin): one small form per role. */
export default function NameLeaders({ groupId, members }: { groupId: string; members: Member[] }) {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {LEADER_ROLES.map((role) => (
        <NameLeaderForm
          key={`${role}-${members.find((m) => m.role === role)?.userId ?? ''}`}
          groupId={groupId}
          role={role}
          members={members}
        />
      ))}
    </div>
  );
}

function NameLeaderForm({ groupId, role, members }: { groupId: string; role: LeaderRole; members: Member[] }) {
  const name = useNameLeader();
  const selectId = useId();
  const current = members.find((m) => m.role === role)?.userId ?? null;
  const form = useForm<z.input<typeof nameLeaderSchema>, unknown, z.output<typeof nameLeaderSchema>>({
    resolver: zodResolver(nameLeaderSchema),
    defaultValues: { userId: current },
  });
  const submit = form.handleSubmit(async ({ userId }) => {
    try {
      await name.mutateAsync({ groupId, role, userId });
    } catch (error) {
      form.setError('root', { message: apiErrorMessage(error, 'Le responsable n’a pas pu être nommé.') });
      return;
    }
    const named = members.find((m) => m.userId === userId);
    // The member named reads their title in the form they chose (issue 31): `… est présidente.`
    notify.success(
      userId
        ? `${named?.fullName ?? 'Le membre'} est ${leaderRoleLabel(role, named?.titleForm ?? 'masculine').toLowerCase()}.`
        : `Le rôle de ${LEADER_ROLE_LABELS[role].toLowerCase()} est libre.`,
    );
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={LEADER_ROLE_LABELS[role]}
      className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4"
    >
      <Label htmlFor={selectId}>{LEADER_ROLE_LABELS[role]}</Label>
      <select
        id={selectId}
        className="h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        {...form.register('userId', { setValueAs: (value: string | null) => (value ? value : null) })}
      >
        <option value="">Aucun</option>
        {members.map((member) => (
          <option key={member.userId} value={member.userId}>
            {member.fullName} ({member.tradeLabel})
          </option>
        ))}
      </select>
      <FormError message={form.formState.errors.root?.message ?? form.formState.errors.userId?.message} />
      <div>
        <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>
          Nommer
        </Button>
      </div>
    </form>
  );
}
