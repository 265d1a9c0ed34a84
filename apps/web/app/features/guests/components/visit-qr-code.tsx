import { visitMessages } from '@synergie/shared/visits';
import { Loading } from '~/components/query-state';
import { useVisitPage } from '../api/visits';

/**
 * The QR code a member shows a visitor (issue 30): the group's visitors' page with `?invite=` the
 * member, drawn by the server as the meeting's check-in QR code is (an SVG in an img).
 */
export function VisitQrCode({ slug, memberId }: { slug: string; memberId: string }) {
  const page = useVisitPage(slug, memberId);
  return (
    <section aria-labelledby="visit-qr-title" className="flex flex-col items-center gap-3 text-center">
      <h2 id="visit-qr-title" className="text-xl font-bold text-slate-900">
        {visitMessages.qrTitle}
      </h2>
      {page.data ? (
        <>
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(page.data.qrSvg)}`}
            alt={`${visitMessages.qrTitle}\u00a0: ${visitMessages.qrHint}`}
            className="aspect-square w-full max-w-xs rounded-xl border border-slate-200 bg-white p-2"
          />
          <p className="max-w-md text-slate-700">{visitMessages.qrHint}</p>
          <a className="break-all text-sm text-brand-700 underline" href={page.data.url}>
            {page.data.url}
          </a>
        </>
      ) : page.isError ? (
        <p role="status" className="text-slate-700">
          Le QR code n’a pas pu être affiché.
        </p>
      ) : (
        <Loading variant="text" />
      )}
    </section>
  );
}
