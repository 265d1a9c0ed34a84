// Dynamic page heads: pages rendered in the browser (appPages) whose served HTML still carries
// their own title, description, canonical link, Open Graph data and JSON-LD, for search engines
// and link previews that do not run scripts. One entry per URL pattern of appPages; `head`
// answers null when the page does not exist (the server then sends the 404 page, status 404).
// A head is public data only: it is built for every visitor alike and never from the session.
import type { AppContext } from '../context';
import { groupHead } from '../domain/groups/group-seo';
import type { PageHead } from '../lib/html-head';

export interface DynamicPageHead {
  /** A pattern of appPages (packages/shared/src/site.ts), e.g. '/groupes/:slug'. */
  pattern: string;
  head: (params: Record<string, string>, ctx: AppContext) => Promise<PageHead | null>;
}

export const pageHeads: readonly DynamicPageHead[] = [{ pattern: '/groupes/:slug', head: groupHead }];
