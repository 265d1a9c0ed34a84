import { selfBillingEndpoints } from '@synergie/shared/endpoints';
import { formatDate, formatMoney, formatMonth } from '@synergie/shared/format';
import { contestInputSchema, type SelfBillingInvoice } from '@synergie/shared/self-billing';
import { Download, FileCheck2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Loading } from '~/components/query-state';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { Textarea } from '~/components/ui/textarea';
import { EinvoiceStatusLine } from '~/features/billing';
import { apiErrorMessage, apiHref } from '~/lib/api-client';
import { parseApiDateTime } from '~/lib/api-dates';
import { useContestInvoice, useRevokeMandate, useSelfBilling } from '../api/self-billing';
import { MandateForm } from './mandate-form';

function ContestForm({ invoice, onClose }: { invoice: SelfBillingInvoice; onClose: () => void }) {
  const contest = useContestInvoice();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const id = useId();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = contestInputSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    contest.mutate(
      { id: invoice.id, reason: parsed.data.reason },
      { onSuccess: onClose, onError: (e) => setError(apiErrorMessage(e, 'Erreur lors de la contestation')) },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="mt-2 flex w-full flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Motif de la contestation de la facture {invoice.number}
      </label>
      <Textarea
        id={id}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={contest.isPending}>
          Envoyer la contestation
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onClose}>
          Annuler
        </Button>
      </div>
    </form>
  );
}

function InvoiceRow({ invoice }: { invoice: SelfBillingInvoice }) {
  const [contesting, setContesting] = useState(false);
  const params = { id: invoice.id };
  const contestable =
    invoice.kind === 'invoice' &&
    !invoice.contestedAt &&
    !invoice.creditedBy &&
    invoice.contestableUntil !== null &&
    parseApiDateTime(invoice.contestableUntil).getTime() > Date.now();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      <span className="flex flex-col">
        <span className="font-medium">
          {invoice.kind === 'credit_note' ? 'Avoir' : 'Facture'} {invoice.number}
        </span>
        <span className="text-sm text-slate-600">
          Relevé de {formatMonth(invoice.month)} — émis le {formatDate(parseApiDateTime(invoice.issuedAt), 'medium')} —{' '}
          {formatMoney(invoice.totalInclVatCents)} {invoice.vatStatus === 'franchise' ? '(TVA non applicable)' : 'TTC'}
        </span>
        {invoice.creditsNumber ? (
          <span className="text-sm text-slate-600">Annule la facture {invoice.creditsNumber}</span>
        ) : null}
        {invoice.einvoice ? <EinvoiceStatusLine status={invoice.einvoice} /> : null}
      </span>
      <span className="flex flex-wrap items-center gap-2">
        {invoice.creditedBy ? <Badge variant="secondary">Annulée par l’avoir {invoice.creditedBy}</Badge> : null}
        {invoice.contestedAt && !invoice.creditedBy ? <Badge variant="outline">Contestée</Badge> : null}
        <Button asChild size="sm" variant="outline">
          <a
            href={apiHref(selfBillingEndpoints.myInvoicePdf, { params })}
            download
            aria-label={`Télécharger ${invoice.number} en PDF`}
          >
            <Download aria-hidden="true" />
            PDF
          </a>
        </Button>
        <Button asChild size="sm" variant="outline">
          <a
            href={apiHref(selfBillingEndpoints.myInvoiceFacturX, { params })}
            download
            aria-label={`Télécharger ${invoice.number} au format Factur-X`}
          >
            <FileCheck2 aria-hidden="true" />
            Factur-X
          </a>
        </Button>
        {contestable && !contesting ? (
          <Button type="button" size="sm" variant="ghost" onClick={() => setContesting(true)}>
            Contester
          </Button>
        ) : null}
      </span>
      {contesting ? <ContestForm invoice={invoice} onClose={() => setContesting(false)} /> : null}
    </li>
  );
}

/** /profile's 'Autofacturation' card: the mandate (form, status, revoke) and the invoices. */
export function SelfBillingCard() {
  const state = useSelfBilling();
  const revoke = useRevokeMandate();
  const [editing, setEditing] = useState(false);
  // Revoking stops the payouts: a second, explicit step, as a cancellation has.
  const [confirmingRevoke, setConfirmingRevoke] = useState(false);
  const confirmRevokeRef = useRef<HTMLButtonElement>(null);
  // The button pressed is replaced by the question: the keyboard's focus goes to its answer.
  useEffect(() => {
    if (confirmingRevoke) confirmRevokeRef.current?.focus();
  }, [confirmingRevoke]);
  const mandate = state.data?.mandate ?? null;

  return (
    <Card>
      <CardContent className="flex flex-col gap-6 pt-6">
        <div>
          <h2 className="text-2xl font-semibold">Autofacturation de vos commissions</h2>
          <p className="mt-2 text-sm text-slate-600">
            {`Synergie Pro établit chaque mois, en votre nom, la facture de vos commissions (mandat d’autofacturation, art. 289 I-2 du CGI). Sans mandat actif, vos commissions restent en attente. Vous pouvez contester une facture dans les 15 jours.`}
          </p>
        </div>
        {state.isPending ? (
          <Loading variant="text" />
        ) : state.isError ? (
          <p className="text-sm text-red-700">Erreur lors du chargement de l’autofacturation</p>
        ) : (
          <>
            {mandate && !editing ? (
              <div className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4 text-sm">
                <p>
                  <Badge variant="success">Mandat actif</Badge>{' '}
                  {`accepté le ${formatDate(parseApiDateTime(mandate.acceptedAt), 'long')} (version ${mandate.version})`}
                </p>
                <p>
                  {mandate.legalName} —{' '}
                  {mandate.siret ? `SIRET\u00a0: ${mandate.siret}` : `SIREN\u00a0: ${mandate.siren}`}
                </p>
                <p>
                  {mandate.addressLine}, {mandate.postcode} {mandate.city}
                </p>
                <p>
                  {mandate.vatStatus === 'franchise'
                    ? 'Franchise en base de TVA (art. 293 B du CGI)'
                    : `Assujetti à la TVA\u00a0: ${mandate.vatNumber}`}
                </p>
                {confirmingRevoke ? (
                  <div className="flex flex-col gap-2 rounded-md border border-red-200 bg-red-50 p-3">
                    <p className="font-medium text-red-900">
                      {`Révoquer le mandat\u202f? Vos commissions resteront en attente jusqu’à l’acceptation d’un nouveau mandat. Les factures déjà émises restent valables.`}
                    </p>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        ref={confirmRevokeRef}
                        type="button"
                        size="sm"
                        variant="destructive"
                        disabled={revoke.isPending}
                        onClick={() => revoke.mutate(undefined, { onSettled: () => setConfirmingRevoke(false) })}
                      >
                        Confirmer la révocation
                      </Button>
                      <Button type="button" size="sm" variant="ghost" onClick={() => setConfirmingRevoke(false)}>
                        Garder le mandat
                      </Button>
                    </div>
                  </div>
                ) : (
                  <div className="flex flex-wrap gap-2">
                    <Button type="button" size="sm" variant="outline" onClick={() => setEditing(true)}>
                      Modifier mes informations
                    </Button>
                    <Button type="button" size="sm" variant="destructive" onClick={() => setConfirmingRevoke(true)}>
                      Révoquer le mandat
                    </Button>
                  </div>
                )}
              </div>
            ) : (
              <div className="flex flex-col gap-3">
                {!mandate ? (
                  <p className="text-sm font-medium text-amber-900">
                    {`Aucun mandat actif\u00a0: vos commissions restent en attente jusqu’à son acceptation.`}
                  </p>
                ) : null}
                <MandateForm
                  mandateText={state.data.mandateText}
                  initial={
                    mandate
                      ? {
                          legalName: mandate.legalName,
                          siren: mandate.siret ?? mandate.siren,
                          addressLine: mandate.addressLine,
                          postcode: mandate.postcode,
                          city: mandate.city,
                          vatStatus: mandate.vatStatus,
                          vatNumber: mandate.vatNumber ?? '',
                        }
                      : undefined
                  }
                  onDone={() => setEditing(false)}
                />
              </div>
            )}
            <div>
              <h3 className="font-semibold">Mes factures de commissions</h3>
              {state.data.invoices.length === 0 ? (
                <p className="text-sm text-slate-600">Aucune facture pour le moment.</p>
              ) : (
                <ul className="mt-2 divide-y divide-slate-100">
                  {state.data.invoices.map((invoice) => (
                    <InvoiceRow key={invoice.id} invoice={invoice} />
                  ))}
                </ul>
              )}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
