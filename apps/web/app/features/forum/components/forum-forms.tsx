import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ForumPostFormInput,
  type ForumTopicFormInput,
  forumPostFormSchema,
  forumTopicFormSchema,
  forumMessages as M,
} from '@synergie/shared/forum';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { apiErrorMessage } from '~/lib/api-client';
import type { PostBody, TopicBody } from '../api/forum';
import { type Mention, MentionTextarea, useMentionPicks } from './mention-textarea';

export function RootError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
      {message}
    </p>
  );
}

const mentionHint = 'Tapez @ puis le nom d’un membre pour le mentionner (il est prévenu).';

/** A reply, or the edit of a message: its text with `@` mentions (forumPostFormSchema). */
export function PostForm({
  label,
  submitLabel,
  initialBody = '',
  initialMentions = [],
  failure,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  initialBody?: string;
  initialMentions?: readonly Mention[];
  failure: string;
  onSubmit: (body: PostBody) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const picks = useMentionPicks(initialMentions);
  const form = useForm<ForumPostFormInput>({
    resolver: zodResolver(forumPostFormSchema, undefined, { raw: true }),
    defaultValues: { body: initialBody, mentions: [] },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    form.clearErrors('root');
    try {
      await onSubmit({ body: input.body, mentions: picks.idsIn(input.body) });
    } catch (error) {
      form.setError('root', { message: apiErrorMessage(error, failure) });
      return;
    }
    if (!onCancel) {
      form.reset({ body: '', mentions: [] });
      picks.reset();
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <FormField label={label} error={errors.body?.message} hint={mentionHint}>
        {(field) => (
          <Controller
            control={form.control}
            name="body"
            render={({ field: f }) => (
              <MentionTextarea
                field={field}
                name={f.name}
                value={f.value}
                onChange={f.onChange}
                onBlur={f.onBlur}
                onPick={picks.add}
              />
            )}
          />
        )}
      </FormField>
      <RootError message={errors.root?.message ?? errors.mentions?.message} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Envoi…' : submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Annuler
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * A question: title, text with mentions, and `Question publique` in a national category only
 * (forumTopicFormSchema, the server's). `categoryField` is the new topic's category choice.
 */
export function TopicForm({
  submitLabel,
  initial,
  initialMentions = [],
  allowPublic,
  failure,
  onSubmit,
  onCancel,
  categoryField,
}: {
  submitLabel: string;
  initial?: Partial<Pick<ForumTopicFormInput, 'title' | 'body' | 'isPublic'>>;
  initialMentions?: readonly Mention[];
  allowPublic: boolean;
  failure: string;
  onSubmit: (body: TopicBody) => Promise<unknown>;
  onCancel?: () => void;
  categoryField?: React.ReactNode;
}) {
  const picks = useMentionPicks(initialMentions);
  const form = useForm<ForumTopicFormInput>({
    resolver: zodResolver(forumTopicFormSchema, undefined, { raw: true }),
    defaultValues: { title: initial?.title ?? '', body: initial?.body ?? '', isPublic: initial?.isPublic ?? false },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    form.clearErrors('root');
    try {
      await onSubmit({
        title: input.title,
        body: input.body,
        isPublic: allowPublic ? Boolean(input.isPublic) : false,
        mentions: picks.idsIn(input.body),
      });
    } catch (error) {
      form.setError('root', { message: apiErrorMessage(error, failure) });
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel} className="flex flex-col gap-4">
      {categoryField}
      <FormField label="Titre de la question" error={errors.title?.message}>
        {(field) => <Input autoComplete="off" maxLength={150} {...field} {...form.register('title')} />}
      </FormField>
      <FormField label="Votre question" error={errors.body?.message} hint={mentionHint}>
        {(field) => (
          <Controller
            control={form.control}
            name="body"
            render={({ field: f }) => (
              <MentionTextarea
                field={field}
                name={f.name}
                rows={8}
                value={f.value}
                onChange={f.onChange}
                onBlur={f.onBlur}
                onPick={picks.add}
              />
            )}
          />
        )}
      </FormField>
      {allowPublic ? (
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" className="mt-0.5 size-4 accent-brand-700" {...form.register('isPublic')} />
          <span>{M.publicQuestion}</span>
        </label>
      ) : null}
      <RootError message={errors.root?.message ?? errors.mentions?.message} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Envoi…' : submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Annuler
          </Button>
        ) : null}
      </div>
    </form>
  );
}
