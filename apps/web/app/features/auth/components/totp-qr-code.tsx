import { useQuery } from '@tanstack/react-query';
import { Loading } from '~/components/query-state';
import { queryKeys } from '~/lib/query-keys';

/**
 * The otpauth:// address as a QR code, drawn in the browser (the secret never leaves the page):
 * a PNG data URL from the `qrcode` package, loaded only when enrolment starts.
 */
export function TotpQrCode({ uri }: { uri: string }) {
  const qr = useQuery({
    queryKey: queryKeys.auth.totpQrCode(uri),
    queryFn: async () => {
      const { toDataURL } = await import('qrcode');
      return toDataURL(uri, { margin: 1, width: 200, errorCorrectionLevel: 'M' });
    },
    staleTime: Number.POSITIVE_INFINITY,
    // Not kept once enrolment is over: the address holds the secret.
    gcTime: 0,
  });

  if (qr.data) {
    return (
      <img
        src={qr.data}
        width={200}
        height={200}
        alt="QR code à scanner avec votre application d’authentification"
        className="rounded-md border border-slate-200"
      />
    );
  }
  return (
    <div className="flex size-[200px] items-center justify-center rounded-md border border-slate-200" aria-busy="true">
      {qr.isError ? (
        <p className="p-3 text-center text-sm text-slate-700">
          Le QR code n’a pas pu être affiché&nbsp;: saisissez la clé ci-dessous dans votre application.
        </p>
      ) : (
        <Loading variant="spinner" label="Chargement du QR code…" className="min-h-0" />
      )}
    </div>
  );
}
