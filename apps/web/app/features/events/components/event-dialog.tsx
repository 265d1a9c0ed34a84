import { zodResolver } from '@hookform/resolvers/zod';
import { type EventForm, type EventFormInput, eventFormSchema, eventMessages } from '@synergie/shared/events';
import { EVENT_MAX_GUESTS_LIMIT } from '@synergie/shared/meeting-constants';
import { Save } from 'lucide-react';
import { useEffect } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { Textarea } from '~/components/ui/textarea';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useEventCategories } from '../api/get-event-categories';
import type { EventItem } from '../api/get-events';
import { useOrganizerGroup } from '../api/get-organizer-group';
import { useSaveEvent } from '../api/save-event';

const FIELDS = [
  'title',
  'description',
  'date',
  'time',
  'location',
  'maxAttendees',
  'categoryId',
  'maxGuestsPerRegistration',
  'groupId',
] as const;
type Field = (typeof FIELDS)[number];

/** Spec section 5: one message at a time, the first failing field's, in the dialog's order. */
function firstError(errors: FieldErrors<EventFormInput>): { field: Field; message: string } | null {
  for (const field of FIELDS) {
    const message = errors[field]?.message;
    if (message) return { field, message };
  }
  return null;
}

function valuesOf(event: EventItem | null): EventFormInput {
  return {
    title: event?.title ?? '',
    description: event?.description ?? '',
    date: event?.date ?? '',
    time: event?.time ?? '',
    location: event?.location ?? '',
    maxAttendees: event?.maxAttendees === null || event?.maxAttendees === undefined ? '' : String(event.maxAttendees),
    categoryId: event?.categoryId ?? '',
    maxGuestsPerRegistration: String(event?.maxGuestsPerRegistration ?? 0),
    groupId: event?.groupId ?? '',
  };
}

const selectClass =
  'flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 aria-invalid:border-red-600';

/**
 * 'Créer un événement' or, given an event, its edit mode. The category's image becomes the
 * event's; closing the dialog drops what was typed.
 */
export default function EventDialog({ event, onClose }: { event: EventItem | null; onClose: () => void }) {
  const save = useSaveEvent(event?.id ?? null);
  const categories = useEventCategories();
  const ownGroup = useOrganizerGroup();
  // The organizer's group, and the event's own if it is another (they left it): kept as it is.
  const groupChoices = [
    ...(ownGroup.data ? [ownGroup.data] : []),
    ...(event?.groupId && event.groupId !== ownGroup.data?.id
      ? [{ id: event.groupId, name: event.groupName ?? eventMessages.group }]
      : []),
  ];
  const form = useForm<EventFormInput, unknown, EventForm>({
    resolver: zodResolver(eventFormSchema),
    defaultValues: valuesOf(event),
  });
  const first = firstError(form.formState.errors);
  const errorOf = (field: Field) => (first?.field === field ? first.message : undefined);
  const editing = event !== null;

  useEffect(() => {
    if (categories.isError) notify.error(eventMessages.categoriesLoadFailed);
  }, [categories.isError]);

  // An event saved with a category that no longer exists keeps its id only if it is still listed.
  useEffect(() => {
    if (!categories.data || !event?.categoryId) return;
    if (!categories.data.some((c) => c.id === event.categoryId)) form.setValue('categoryId', '');
  }, [categories.data, event, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
    } catch (error) {
      notify.error(apiErrorMessage(error, editing ? eventMessages.updateFailed : eventMessages.createFailed));
      return;
    }
    notify.success(editing ? eventMessages.updated : eventMessages.created);
    onClose();
  });

  const title = editing ? 'Modifier l’événement' : 'Créer un événement';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            Le titre, la date, l’heure et le lieu sont obligatoires. L’image de l’événement est celle de sa catégorie.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={title}>
          <FormField label="Titre" error={errorOf('title')}>
            {(field) => <Input placeholder="Afterwork des artisans" {...field} {...form.register('title')} />}
          </FormField>
          <FormField label="Description" error={errorOf('description')}>
            {(field) => (
              <Textarea
                rows={4}
                placeholder="Programme, public, ce qu’il faut apporter…"
                {...field}
                {...form.register('description')}
              />
            )}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Date" error={errorOf('date')}>
              {(field) => <Input type="date" {...field} {...form.register('date')} />}
            </FormField>
            <FormField label="Heure" error={errorOf('time')}>
              {(field) => <Input type="time" {...field} {...form.register('time')} />}
            </FormField>
          </div>
          <FormField label="Lieu" error={errorOf('location')}>
            {(field) => <Input placeholder="Champigny-sur-Marne" {...field} {...form.register('location')} />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Nombre maximum de participants"
              hint="Laissez vide pour ne pas limiter les inscriptions."
              error={errorOf('maxAttendees')}
            >
              {(field) => (
                <Input
                  type="number"
                  min={1}
                  step={1}
                  inputMode="numeric"
                  {...field}
                  {...form.register('maxAttendees')}
                />
              )}
            </FormField>
            <FormField label="Catégorie" error={errorOf('categoryId')}>
              {(field) =>
                categories.isPending ? (
                  <select className={selectClass} id={field.id} disabled>
                    <option>Chargement…</option>
                  </select>
                ) : (
                  <select className={selectClass} {...field} {...form.register('categoryId')}>
                    <option value="">Choisir une catégorie</option>
                    {(categories.data ?? []).map((category) => (
                      <option key={category.id} value={category.id}>
                        {category.name}
                      </option>
                    ))}
                  </select>
                )
              }
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label={eventMessages.maxGuests}
              hint="Invités qu’un inscrit peut amener, comptés dans les places (0&nbsp;: aucun)."
              error={errorOf('maxGuestsPerRegistration')}
            >
              {(field) => (
                <Input
                  type="number"
                  min={0}
                  max={EVENT_MAX_GUESTS_LIMIT}
                  step={1}
                  inputMode="numeric"
                  {...field}
                  {...form.register('maxGuestsPerRegistration')}
                />
              )}
            </FormField>
            <FormField
              label={eventMessages.group}
              hint="Un événement de votre groupe apparaît sur sa page."
              error={errorOf('groupId')}
            >
              {(field) => (
                <select className={selectClass} {...field} {...form.register('groupId')}>
                  <option value="">{eventMessages.national}</option>
                  {groupChoices.map((group) => (
                    <option key={group.id} value={group.id}>
                      {group.name}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Annuler
              </Button>
            </DialogClose>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              <Save aria-hidden="true" />
              {form.formState.isSubmitting ? 'Enregistrement…' : editing ? 'Enregistrer' : 'Créer l’événement'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
