import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';

/** The number of pages of `total` items shown `pageSize` at a time: one at least, for an empty list. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * `Page précédente`, `Page N sur M`, `Page suivante` as links (`href(page)` is each page's
 * address, so the back button and a shared link keep the page, and it works before the scripts
 * run). Nothing for a single page.
 */
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
