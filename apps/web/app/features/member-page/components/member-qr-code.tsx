import { useQuery } from '@tanstack/react-query';
import { Loading } from '~/components/query-state';
import { queryKeys } from '~/lib/query-keys';

/**
 * The member page's address as a QR code, drawn in the browser: the `qrcode` package loads only
 * when a card is shown, as on the referral card.
 */
export function MemberQrCode({ url, name, size = 160 }: { url: string; name: string; size?: number }) {
  const qr = useQuery({
    queryKey: queryKeys.memberQrCode(url, size),
    queryFn: async () => {
      const { toDataURL } = await import('qrcode');
      return toDataURL(url, { margin: 1, width: size, errorCorrectionLevel: 'M' });
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (qr.data) {
    return (
      <img
        src={qr.data}
        width={size}
        height={size}
        alt={`QR code de la carte de visite de ${name}`}
        className="rounded-md border border-slate-200 bg-white"
      />
    );
  }
  return (
    <div
      className="flex items-center justify-center rounded-md border border-slate-200 bg-white"
      style={{ width: size, height: size }}
      aria-busy="true"
    >
      {qr.isError ? (
        <p className="p-3 text-center text-xs text-slate-700">Le QR code n’a pas pu être affiché.</p>
      ) : (
        <Loading variant="spinner" label="Chargement du QR code…" className="min-h-0" />
      )}
    </div>
  );
}
