import { zodResolver } from '@hookform/resolvers/zod';
import { type PasskeyNameInput, passkeyNameSchema } from '@synergie/shared/auth';
import { formatDateTime } from '@synergie/shared/format';
import { KeyRound, Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Loading } from '~/components/query-state';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { useAddPasskey } from '../api/add-passkey';
import { useDeletePasskey } from '../api/delete-passkey';
import { type Passkey, usePasskeys } from '../api/list-passkeys';

/** Passkeys (WebAuthn): a second way to sign in, without a password. List, add, delete. */
export function PasskeysCard() {
  const passkeys = usePasskeys();

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-3">
          <KeyRound aria-hidden="true" className="size-5 text-brand-700" />
          <CardTitle>Clés d’accès</CardTitle>
        </div>
        <CardDescription>
          Connectez-vous sans mot de passe avec l’empreinte, le visage ou le code de votre appareil, ou une clé de
          sécurité.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {passkeys.isPending ? (
          <Loading variant="text" className="text-sm" label="Chargement des clés d’accès…" />
        ) : passkeys.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{passkeys.error.message}</AlertDescription>
          </Alert>
        ) : passkeys.data.length === 0 ? (
          <p className="text-sm text-slate-600">Aucune clé d’accès pour le moment.</p>
        ) : (
          <ul aria-label="Vos clés d’accès" className="divide-y divide-slate-200 rounded-md border border-slate-200">
            {passkeys.data.map((passkey) => (
              <PasskeyItem key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        )}
        <AddPasskeyForm />
      </CardContent>
    </Card>
  );
}

function PasskeyItem({ passkey }: { passkey: Passkey }) {
  const remove = useDeletePasskey();
  const name = passkey.name || 'Clé d’accès';
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3">
      <div>
        <p className="font-medium text-slate-900">{name}</p>
        <p className="text-sm text-slate-600">Ajoutée le {formatDateTime(passkey.createdAt)}</p>
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={remove.isPending}
        aria-label={`Supprimer la clé d’accès ${name}`}
        onClick={() => {
          if (
            window.confirm(
              `Supprimer la clé d’accès «\u00a0${name}\u00a0»\u202f? Vous ne pourrez plus l’utiliser pour vous connecter.`,
            )
          ) {
            remove.mutate(passkey.id);
          }
        }}
      >
        <Trash2 aria-hidden="true" />
        Supprimer
      </Button>
    </li>
  );
}

function AddPasskeyForm() {
  const form = useForm<PasskeyNameInput>({ resolver: zodResolver(passkeyNameSchema), defaultValues: { name: '' } });
  const add = useAddPasskey();
  return (
    <form
      onSubmit={form.handleSubmit((values) => add.mutate(values, { onSuccess: () => form.reset() }))}
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      aria-label="Ajouter une clé d’accès"
    >
      <div className="flex-1">
        <FormField label="Nom de la clé" error={form.formState.errors.name?.message}>
          {(field) => (
            <Input
              autoComplete="off"
              placeholder="Ex.&nbsp;: Ordinateur portable"
              {...field}
              {...form.register('name')}
            />
          )}
        </FormField>
      </div>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? 'Enregistrement…' : 'Ajouter une clé d’accès'}
      </Button>
    </form>
  );
}
