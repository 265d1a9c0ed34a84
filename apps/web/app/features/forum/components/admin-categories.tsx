import { zodResolver } from '@hookform/resolvers/zod';
import { type ForumCategoryFormInput, forumCategoryFormSchema } from '@synergie/shared/forum';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LoadError, Loading } from '~/components/query-state';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { type ForumCategory, useAdminForumCategories, useCreateCategory, useUpdateCategory } from '../api/forum';
import { RootError } from './forum-forms';

const empty: ForumCategoryFormInput = { name: '', slug: '', description: '', position: 0, archived: false };

function CategoryForm({
  initial,
  submitLabel,
  label,
  onSubmit,
  failure,
}: {
  initial: ForumCategoryFormInput;
  submitLabel: string;
  label: string;
  failure: string;
  onSubmit: (input: ForumCategoryFormInput) => Promise<unknown>;
}) {
  const form = useForm<ForumCategoryFormInput>({
    resolver: zodResolver(forumCategoryFormSchema, undefined, { raw: true }),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    form.clearErrors('root');
    try {
      await onSubmit({ ...input, description: input.description || null, position: Number(input.position ?? 0) });
    } catch (error) {
      form.setError('root', { message: apiErrorMessage(error, failure) });
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={label} className="grid gap-3 sm:grid-cols-2">
      <FormField label="Nom" error={errors.name?.message}>
        {(field) => <Input autoComplete="off" {...field} {...form.register('name')} />}
      </FormField>
      <FormField label="Adresse (slug)" error={errors.slug?.message} hint="Lettres minuscules, chiffres et tirets.">
        {(field) => <Input autoComplete="off" {...field} {...form.register('slug')} />}
      </FormField>
      <FormField label="Description (facultatif)" error={errors.description?.message}>
        {(field) => <Input autoComplete="off" {...field} {...form.register('description')} />}
      </FormField>
      <FormField label="Position" error={errors.position?.message} hint="Les plus petites d’abord.">
        {(field) => (
          <Input type="number" min={0} max={1000} {...field} {...form.register('position', { valueAsNumber: true })} />
        )}
      </FormField>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" className="size-4 accent-brand-700" {...form.register('archived')} />
        Archivée (lisible, plus de nouveaux messages)
      </label>
      <div className="sm:col-span-2">
        <RootError message={errors.root?.message} />
      </div>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Enregistrement…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

function CategoryRow({ category }: { category: ForumCategory }) {
  const update = useUpdateCategory();
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 className="mb-3 text-lg font-semibold text-slate-900">
        {category.name}
        {category.archived ? <span className="ml-2 text-sm font-normal text-slate-600">(archivée)</span> : null}
        <span className="ml-2 text-sm font-normal text-slate-600">
          {category.topicCount} sujet{category.topicCount > 1 ? 's' : ''}
        </span>
      </h3>
      <CategoryForm
        label={`Modifier ${category.name}`}
        submitLabel="Enregistrer"
        failure="La catégorie n’a pas pu être enregistrée."
        initial={{
          name: category.name,
          slug: category.slug,
          description: category.description ?? '',
          position: category.position,
          archived: category.archived,
        }}
        onSubmit={async (input) => {
          await update.mutateAsync({ id: category.id, ...input });
          notify.success('Catégorie enregistrée.');
        }}
      />
    </li>
  );
}

/** /admin/forum: the national categories (create, rename, reorder, archive). */
export function ForumCategoriesAdmin() {
  const query = useAdminForumCategories();
  const create = useCreateCategory();
  // A new empty form after each creation.
  const [created, setCreated] = useState(0);
  const national = (query.data?.categories ?? [])
    .filter((c) => !c.group)
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name, 'fr'));
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-10 px-4 py-10 sm:px-6">
      <section aria-labelledby="forum-admin-new" className="flex flex-col gap-4">
        <h2 id="forum-admin-new" className="text-2xl font-bold text-slate-900">
          Nouvelle catégorie
        </h2>
        <CategoryForm
          key={created}
          label="Nouvelle catégorie"
          submitLabel="Créer la catégorie"
          failure="La catégorie n’a pas pu être créée."
          initial={empty}
          onSubmit={async (input) => {
            await create.mutateAsync(input);
            notify.success('Catégorie créée.');
            setCreated((n) => n + 1);
          }}
        />
      </section>
      <section aria-labelledby="forum-admin-list" className="flex flex-col gap-4">
        <h2 id="forum-admin-list" className="text-2xl font-bold text-slate-900">
          Catégories nationales
        </h2>
        {query.isPending ? (
          <Loading label="Chargement des catégories…" />
        ) : query.isError ? (
          <LoadError
            error={query.error}
            message="Impossible de charger les catégories."
            onRetry={() => query.refetch()}
          />
        ) : national.length === 0 ? (
          <p className="text-slate-700">Aucune catégorie.</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {national.map((c) => (
              <CategoryRow key={c.id} category={c} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
