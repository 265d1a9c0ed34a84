import type { ComponentProps } from 'react';
import { externalHref } from '~/lib/external-href';

/**
 * A link to another site, in a new tab: the one place that writes `target="_blank"`. Only an
 * http(s) address becomes a link (a stored 'javascript:' value renders nothing; an address typed
 * without its scheme gets https://), the new page gets no handle on this one (noopener,
 * noreferrer), and screen readers hear what the link belongs to and that it opens a new tab.
 */
export function ExternalLink({
  href,
  context,
  nofollow = false,
  children,
  ...props
}: Omit<ComponentProps<'a'>, 'href' | 'target' | 'rel'> & {
  href: string | null | undefined;
  /** Read after the visible text by screen readers only, e.g. ': Mon service' or 'de Claire Martin'. */
  context?: string;
  /** For addresses members typed themselves: search engines do not follow them (`nofollow ugc`). */
  nofollow?: boolean;
}) {
  const safeHref = externalHref(href);
  if (!safeHref) return null;
  return (
    <a
      {...props}
      href={safeHref}
      target="_blank"
      rel={nofollow ? 'noopener noreferrer nofollow ugc' : 'noopener noreferrer'}
    >
      {children}
      <span className="sr-only">{context ? ` ${context} (nouvel onglet)` : ' (nouvel onglet)'}</span>
    </a>
  );
}
