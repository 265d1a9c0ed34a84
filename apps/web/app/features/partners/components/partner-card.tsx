import { ExternalLink as ExternalLinkIcon, Star } from 'lucide-react';
import { ExternalLink } from '~/components/external-link';
import { Badge } from '~/components/ui/badge';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/components/ui/card';
import { externalHref } from '~/lib/external-href';
import { cn } from '~/lib/utils';
import type { Partner } from '../api/get-partners';

/**
 * Logos are shown only when served by our own site (uploaded files, shipped images): no image is
 * loaded from another site (docs/product/decisions.md "Pictures and fixed content"). Otherwise, an initial.
 */
function isOwnImage(url: string | null): url is string {
  return url?.startsWith('/') === true && !url.startsWith('//');
}

export function PartnerCard({ partner }: { partner: Partner }) {
  // Only http(s) addresses become links: a stored 'javascript:' URL must never be clickable.
  const href = externalHref(partner.websiteUrl);
  return (
    <Card className={cn('flex h-full flex-col', partner.isFeatured && 'border-accent-500 ring-1 ring-accent-500')}>
      <CardHeader className="flex-row items-start gap-4">
        {isOwnImage(partner.logoUrl) ? (
          <img
            src={partner.logoUrl}
            alt=""
            width={64}
            height={64}
            loading="lazy"
            decoding="async"
            className="size-16 shrink-0 rounded-lg border border-slate-200 bg-white object-contain"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-16 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-2xl font-bold text-brand-800"
          >
            {partner.name.trim().charAt(0).toUpperCase()}
          </span>
        )}
        <div className="flex min-w-0 flex-col gap-2">
          <CardTitle className="break-words">{partner.name}</CardTitle>
          <div className="flex flex-wrap gap-2">
            {partner.isFeatured ? (
              <Badge variant="accent" className="gap-1">
                <Star aria-hidden="true" className="size-3" />À la une
              </Badge>
            ) : null}
            {partner.category ? <Badge variant="secondary">{partner.category}</Badge> : null}
          </div>
        </div>
      </CardHeader>
      {partner.description ? (
        <CardContent>
          <CardDescription className="text-base">{partner.description}</CardDescription>
        </CardContent>
      ) : null}
      {href ? (
        <CardFooter className="mt-auto">
          <ExternalLink
            href={href}
            context={`de ${partner.name}`}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
          >
            Visiter le site
            <ExternalLinkIcon aria-hidden="true" className="size-4" />
          </ExternalLink>
        </CardFooter>
      ) : null}
    </Card>
  );
}
