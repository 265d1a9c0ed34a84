import { ChevronLeft, ChevronRight, RotateCw } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { apiErrorMessage } from '~/lib/api-client';

export function Loading({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <p role="status" className="sr-only">
        {label}
      </p>
      <div className="flex animate-pulse flex-col gap-4" aria-hidden="true">
        <div className="h-8 w-1/2 rounded bg-slate-200" />
        <div className="h-24 rounded-xl bg-slate-200" />
        <div className="h-24 rounded-xl bg-slate-200" />
      </div>
    </div>
  );
}

export function LoadError({ error, fallback, retry }: { error: unknown; fallback: string; retry: () => void }) {
  return (
    <Alert variant="destructive">
      <AlertTitle>Erreur</AlertTitle>
      <AlertDescription className="flex flex-col items-start gap-3">
        <p>{apiErrorMessage(error, fallback)}</p>
        <Button type="button" variant="outline" size="sm" onClick={retry}>
          <RotateCw aria-hidden="true" />
          Réessayer
        </Button>
      </AlertDescription>
    </Alert>
  );
}

export function Pagination({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-4">
      {page > 1 ? (
        <Button asChild variant="outline" size="sm">
          <Link to={href(page - 1)}>
            <ChevronLeft aria-hidden="true" />
            Page précédente
          </Link>
        </Button>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-700">
        Page {page} sur {pages}
      </p>
      {page < pages ? (
        <Button asChild variant="outline" size="sm">
          <Link to={href(page + 1)}>
            Page suivante
            <ChevronRight aria-hidden="true" />
          </Link>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  );
}

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** The forum's search box: a real GET form, so it works before the page's scripts run. */
export function ForumSearchForm({ defaultValue = '' }: { defaultValue?: string }) {
  return (
    <form action="/forum/recherche" method="get" className="flex flex-wrap items-end gap-2">
      <div className="flex min-w-60 flex-1 flex-col gap-1.5">
        <label htmlFor="forum-search-q" className="text-sm font-medium text-slate-800">
          Rechercher dans le forum
        </label>
        <input
          id="forum-search-q"
          name="q"
          type="search"
          defaultValue={defaultValue}
          minLength={2}
          maxLength={100}
          required
          className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
        />
      </div>
      <Button type="submit">Rechercher</Button>
    </form>
  );
}
