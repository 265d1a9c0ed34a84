import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminPromoteInput, adminMemberMessages, adminPromoteSchema } from '@synergie/shared/admin';
import { ShieldPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { usePromoteAdmin } from '../api/admin-members';

/** Promote a member by email: 'Veuillez entrer un email', 'Utilisateur non trouvé', 'Cet utilisateur est déjà admin'. */
export function MembersPromoteForm() {
  const promote = usePromoteAdmin();
  const form = useForm<AdminPromoteInput, unknown, { email: string }>({
    resolver: zodResolver(adminPromoteSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = form.handleSubmit(({ email }) =>
    promote.mutate(email, {
      onSuccess: () => {
        notify.success(adminMemberMessages.promoted);
        form.reset();
      },
      onError: (error) => {
        const message = apiErrorMessage(error, adminMemberMessages.promoteFailed);
        form.setError('email', { message });
        notify.error(message);
      },
    }),
  );
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-wrap items-end gap-3"
      aria-label="Ajouter un administrateur"
    >
      <div className="min-w-64 flex-1">
        <FormField label="Email du membre à nommer administrateur" error={form.formState.errors.email?.message}>
          {(field) => (
            <Input
              type="email"
              autoComplete="off"
              placeholder="membre@exemple.fr"
              {...field}
              {...form.register('email')}
            />
          )}
        </FormField>
      </div>
      <Button type="submit" disabled={promote.isPending} className="mb-0.5">
        <ShieldPlus aria-hidden="true" />
        {promote.isPending ? 'Ajout…' : 'Nommer admin'}
      </Button>
    </form>
  );
}
