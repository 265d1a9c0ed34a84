import { formatDate, formatMoney, formatMonth } from '@synergie/shared/format';
import { Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Loading } from '~/components/query-state';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { RegulatedTradeNotice } from '~/features/profile';
import { parseApiDateTime } from '~/lib/api-dates';
import { notify } from '~/lib/toast';
import { type ReferralData, useReferral } from '../api/get-referral';
import { CommissionOptOutSetting } from './commission-opt-out';

const KIND_LABELS: Record<ReferralData['lines'][number]['kind'], string> = {
  first: 'Première adhésion',
  renewal: 'Renouvellement',
  reversal: 'Remboursement',
};
const STATUS_LABELS: Record<ReferralData['lines'][number]['status'], string> = {
  pending: 'En attente',
  payable: 'À verser',
  paid: 'Versée',
};

/** The QR code of the link, drawn in the browser (the qrcode package loads on demand). */
function useQrCode(link: string | undefined) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    if (!link) return;
    let cancelled = false;
    void import('qrcode')
      .then((qr) => qr.toDataURL(link, { margin: 1, width: 160 }))
      .then((url) => {
        if (!cancelled) setSrc(url);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [link]);
  return src;
}

/** /profile's 'Parrainage' card: the member's link, its QR code, referrals and commissions. */
export function ReferralCard() {
  const referral = useReferral();
  const qr = useQrCode(referral.data?.link);

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      notify.success('Lien copié');
    } catch {
      notify.error('Impossible de copier le lien');
    }
  };

  return (
    <Card>
      <CardContent className="flex flex-col gap-6 pt-6">
        <div>
          <h2 className="text-2xl font-semibold">Parrainage</h2>
          <p className="mt-2 text-sm text-slate-600">
            {`Partagez votre lien\u00a0: vous recevez 10\u202f% du montant hors taxes de la première adhésion de chaque filleul et 5\u202f% de ses renouvellements, tant que vous êtes membre abonné. Les commissions sont versées 15 jours après l’encaissement.`}
          </p>
          <RegulatedTradeNotice className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" />
          <div className="mt-3">
            <CommissionOptOutSetting />
          </div>
        </div>
        {referral.isPending ? (
          <Loading variant="text" label="Chargement du parrainage…" />
        ) : referral.isError ? (
          <p className="text-sm text-red-700">Erreur lors du chargement du parrainage</p>
        ) : (
          <>
            <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
              {qr ? (
                <img src={qr} alt={`QR code du lien ${referral.data.link}`} width={160} height={160} />
              ) : (
                <div className="size-40 rounded bg-slate-100" aria-hidden="true" />
              )}
              <div className="flex min-w-0 flex-col gap-2">
                <p className="text-sm text-slate-600">
                  {'Votre code\u00a0: '}
                  <span className="font-mono font-semibold">{referral.data.code}</span>
                </p>
                <p className="break-all font-mono text-sm">{referral.data.link}</p>
                <Button
                  type="button"
                  variant="outline"
                  className="self-start"
                  onClick={() => void copy(referral.data.link)}
                >
                  <Copy aria-hidden="true" />
                  Copier le lien
                </Button>
              </div>
            </div>
            <dl className="grid gap-4 sm:grid-cols-3">
              {(
                [
                  ['En attente', referral.data.totals.pendingCents],
                  ['À verser', referral.data.totals.payableCents],
                  ['Versées', referral.data.totals.paidCents],
                ] as const
              ).map(([label, cents]) => (
                <div key={label} className="rounded-lg border border-slate-200 p-4">
                  <dt className="text-sm text-slate-600">{label}</dt>
                  <dd className="text-xl font-semibold">{formatMoney(cents)}</dd>
                </div>
              ))}
            </dl>
            <div>
              <h3 className="font-semibold">Mes filleuls ({referral.data.referrals.length})</h3>
              {referral.data.referrals.length === 0 ? (
                <p className="text-sm text-slate-600">Aucun filleul pour le moment.</p>
              ) : (
                <ul className="mt-2 divide-y divide-slate-100">
                  {referral.data.referrals.map((r) => (
                    <li key={`${r.name}-${r.joinedAt}`} className="flex items-center justify-between gap-2 py-2">
                      <span>
                        {r.name}{' '}
                        <span className="text-sm text-slate-500">
                          — inscrit le {formatDate(parseApiDateTime(r.joinedAt), 'medium')}
                        </span>
                      </span>
                      <Badge variant={r.subscribed ? 'success' : 'secondary'}>
                        {r.subscribed ? 'Abonné' : 'Non abonné'}
                      </Badge>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {referral.data.lines.length > 0 && (
              <div>
                <h3 className="font-semibold">Dernières commissions</h3>
                <ul className="mt-2 divide-y divide-slate-100 text-sm">
                  {referral.data.lines.map((line) => (
                    <li key={line.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                      <span>
                        {KIND_LABELS[line.kind]}
                        {line.referredName ? ` — ${line.referredName}` : ''} ({formatMonth(line.statementMonth)})
                      </span>
                      <span className="flex items-center gap-2">
                        <span className="font-semibold">{formatMoney(line.amountCents)}</span>
                        <Badge variant="outline">{STATUS_LABELS[line.status]}</Badge>
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
