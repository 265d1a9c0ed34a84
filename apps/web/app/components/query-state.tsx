import { Loader2, RotateCw } from 'lucide-react';
import type * as React from 'react';
import { NotFoundContent } from '~/components/not-found-content';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { apiErrorMessage, isNotFoundError } from '~/lib/api-client';
import { cn } from '~/lib/utils';

/**
 * The states of a page or a section that loads from the API, written once: `Loading` while it
 * loads, `LoadError` with `Réessayer` when it failed, `NotFound` for a 404 answer, and
 * `QueryState` choosing between them for a TanStack query. The words stay the page's own: each
 * passes its French sentence.
 */

/**
 * What shows while something loads: the French `label` read out by screen readers (role=status)
 * in a container marked aria-busy. By `variant`:
 * - 'skeleton' (the default): the label for screen readers only, over `children`, empty boxes
 *   shaped like what is coming (a generic one when none is given);
 * - 'text': the label written, for small sections;
 * - 'spinner': a spinning icon, for the guards that wait for the session or the subscription.
 */
export function Loading({
  label = 'Chargement…',
  variant = 'skeleton',
  className,
  children,
}: {
  label?: string;
  variant?: 'skeleton' | 'text' | 'spinner';
  className?: string;
  children?: React.ReactNode;
}) {
  if (variant === 'text') {
    return (
      <div className={className} aria-busy="true">
        <p role="status" className="text-slate-600">
          {label}
        </p>
      </div>
    );
  }
  if (variant === 'spinner') {
    return (
      <div className={cn('flex min-h-[40vh] items-center justify-center', className)} aria-busy="true">
        <Loader2 aria-hidden="true" className="size-6 animate-spin text-brand-700" />
        <p role="status" className="sr-only">
          {label}
        </p>
      </div>
    );
  }
  return (
    <div className={className} aria-busy="true">
      <p role="status" className="sr-only">
        {label}
      </p>
      {children ?? (
        <div className="flex animate-pulse flex-col gap-4" aria-hidden="true">
          <div className="h-8 w-1/2 rounded bg-slate-200" />
          <div className="h-24 rounded-xl bg-slate-200" />
          <div className="h-24 rounded-xl bg-slate-200" />
        </div>
      )}
    </div>
  );
}

/**
 * A load that failed (role=alert): the French `message`, or with `error` the server's own
 * French words when it gave a refusal (apiErrorMessage; `message` for a server fault or a
 * network one), and `Réessayer` calling `onRetry` (disabled while `retrying`). Titled `Erreur`
 * unless `title` is null.
 */
export function LoadError({
  message,
  error,
  onRetry,
  retrying = false,
  title = 'Erreur',
  className,
}: {
  message: string;
  error?: unknown;
  onRetry: () => void;
  retrying?: boolean;
  title?: string | null;
  className?: string;
}) {
  return (
    <Alert variant="destructive" className={className}>
      {title ? <AlertTitle>{title}</AlertTitle> : null}
      <AlertDescription className="flex flex-col items-start gap-3">
        <p>{error === undefined ? message : apiErrorMessage(error, message)}</p>
        <Button type="button" variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
          <RotateCw aria-hidden="true" />
          Réessayer
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/**
 * What a page shows when the API answers 404 for its item (isNotFoundError): `children`, the
 * page the route gives (the site's 404 body, or the page's own words), else the site's 404 body.
 */
export function NotFound({ children }: { children?: React.ReactNode }) {
  return <>{children ?? <NotFoundContent />}</>;
}

/** The part of a TanStack query result QueryState reads. */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  isRefetching?: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * One query's states: `loading` while pending (a `Loading` with the page's words), for a 404
 * `notFound` when given (else a 404 is a failure like the others), `LoadError` with
 * `errorMessage` and `Réessayer` (inside `errorClassName`, the page's frame), then `children`
 * with the data.
 */
export function QueryState<T>({
  query,
  loading,
  errorMessage,
  errorClassName,
  notFound,
  children,
}: {
  query: QueryLike<T>;
  loading?: React.ReactNode;
  errorMessage: string;
  errorClassName?: string;
  notFound?: React.ReactNode;
  children: (data: T) => React.ReactNode;
}) {
  if (query.isPending) return <>{loading ?? <Loading />}</>;
  if (query.isError) {
    if (notFound !== undefined && isNotFoundError(query.error)) return <NotFound>{notFound}</NotFound>;
    const failure = (
      <LoadError
        message={errorMessage}
        error={query.error}
        onRetry={() => query.refetch()}
        retrying={query.isRefetching}
      />
    );
    return errorClassName ? <div className={errorClassName}>{failure}</div> : failure;
  }
  return <>{children(query.data as T)}</>;
}
