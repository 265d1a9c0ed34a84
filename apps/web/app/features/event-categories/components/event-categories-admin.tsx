import { eventCategoryMessages } from '@synergie/shared/event-category-constants';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Loading } from '~/components/query-state';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { apiErrorMessage } from '~/lib/api-client';
import { storedImageSrc } from '~/lib/stored-image';
import { type EventCategory, useEventCategories } from '../api/get-event-categories';

// The dialogs (zod, react-hook-form, Radix) load on first use.
const loadCategoryDialog = () => import('./event-category-dialog');
const loadDeleteDialog = () => import('./delete-event-category-dialog');
const EventCategoryDialog = lazy(loadCategoryDialog);
const DeleteEventCategoryDialog = lazy(loadDeleteDialog);

type OpenDialog = { kind: 'edit'; category: EventCategory | null } | { kind: 'delete'; category: EventCategory } | null;

/** /admin/event-categories: the categories ordered by name, with create, edit and delete. */
export function EventCategoriesAdmin() {
  const categories = useEventCategories();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-semibold text-slate-900">Catégories d’événements</h2>
        <Button
          type="button"
          onClick={() => setDialog({ kind: 'edit', category: null })}
          onPointerEnter={loadCategoryDialog}
          onFocus={loadCategoryDialog}
        >
          <Plus aria-hidden="true" />
          Ajouter une catégorie
        </Button>
      </div>

      {categories.isPending ? (
        <Loading variant="text" label="Chargement des catégories…" />
      ) : categories.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{apiErrorMessage(categories.error, eventCategoryMessages.loadError)}</AlertDescription>
        </Alert>
      ) : categories.data.length === 0 ? (
        <p className="text-slate-600">Aucune catégorie pour le moment.</p>
      ) : (
        <ul aria-label="Catégories d’événements" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {categories.data.map((category) => (
            <li
              key={category.id}
              className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
            >
              <img
                src={storedImageSrc(category.imageUrl)}
                alt=""
                width={320}
                height={180}
                loading="lazy"
                className="aspect-video w-full bg-slate-100 object-cover"
              />
              <div className="flex flex-1 items-center justify-between gap-2 p-4">
                <h3 className="min-w-0 break-words font-semibold text-slate-900">{category.name}</h3>
                <div className="flex shrink-0 gap-1">
                  <Button
                    type="button"
                    variant="outline"
                    size="icon"
                    onClick={() => setDialog({ kind: 'edit', category })}
                    onPointerEnter={loadCategoryDialog}
                    onFocus={loadCategoryDialog}
                  >
                    <Pencil aria-hidden="true" />
                    <span className="sr-only">Modifier la catégorie {category.name}</span>
                  </Button>
                  <Button
                    type="button"
                    variant="outline"
                    size="icon"
                    onClick={() => setDialog({ kind: 'delete', category })}
                    onPointerEnter={loadDeleteDialog}
                    onFocus={loadDeleteDialog}
                  >
                    <Trash2 aria-hidden="true" className="text-red-700" />
                    <span className="sr-only">Supprimer la catégorie {category.name}</span>
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}

      <Suspense fallback={null}>
        {dialog?.kind === 'edit' ? <EventCategoryDialog category={dialog.category} onClose={close} /> : null}
        {dialog?.kind === 'delete' ? <DeleteEventCategoryDialog category={dialog.category} onClose={close} /> : null}
      </Suspense>
    </div>
  );
}
