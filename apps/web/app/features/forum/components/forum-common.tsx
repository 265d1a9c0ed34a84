import { Button } from '~/components/ui/button';

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
