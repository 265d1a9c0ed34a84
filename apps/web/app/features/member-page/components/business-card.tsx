import { memberPageMessages } from '@synergie/shared/member-page-constants';
import { Download, MapPin, Share2 } from 'lucide-react';
import { MemberAvatar } from '~/components/member-avatar';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { notify } from '~/lib/toast';
import { type MemberPage, vcardUrl } from '../api/get-member-page';
import { tradeLine } from '../lib/trade-line';
import { MemberQrCode } from './member-qr-code';

/** Shares the page with the system's share sheet where there is one, else copies its address. */
async function share(page: MemberPage) {
  const title = page.companyName ? `${page.fullName} — ${page.companyName}` : page.fullName;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url: page.pageUrl });
      return;
    } catch (error) {
      // The member closed the share sheet: nothing to do.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(page.pageUrl);
    notify.success(memberPageMessages.linkCopied);
  } catch {
    notify.error(memberPageMessages.copyFailed);
  }
}

/** The digital business card: who, a QR code to this page, the .vcf download and a share button. */
export function BusinessCard({ page }: { page: MemberPage }) {
  return (
    <Card aria-labelledby="business-card-title" className="overflow-hidden">
      <div className="h-2 bg-gradient-to-r from-brand-700 to-orange-600" aria-hidden="true" />
      <CardContent className="flex flex-col gap-6 pt-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-center gap-4">
          <MemberAvatar name={page.fullName} avatarUrl={page.avatarUrl} size="xl" eager />
          <div className="min-w-0">
            <h2 id="business-card-title" className="text-xl font-semibold text-slate-900">
              <span className="sr-only">Carte de visite&nbsp;: </span>
              {page.fullName}
            </h2>
            {tradeLine(page) ? <p className="text-slate-700">{tradeLine(page)}</p> : null}
            {page.companyName ? <p className="font-medium text-brand-800">{page.companyName}</p> : null}
            {page.city ? (
              <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
                <MapPin aria-hidden="true" className="size-4" />
                {page.city}
              </p>
            ) : null}
          </div>
        </div>
        <div className="flex flex-col items-center gap-3">
          <MemberQrCode url={page.pageUrl} name={page.fullName} />
        </div>
      </CardContent>
      <CardContent className="flex flex-wrap gap-3">
        <Button asChild variant="default">
          <a href={vcardUrl(page.userId)} download>
            <Download aria-hidden="true" />
            {memberPageMessages.downloadVcard}
          </a>
        </Button>
        <Button type="button" variant="outline" onClick={() => void share(page)}>
          <Share2 aria-hidden="true" />
          {memberPageMessages.share}
        </Button>
      </CardContent>
    </Card>
  );
}
