import { referralEndpoints, renewalEndpoints, selfBillingEndpoints } from '@synergie/shared/endpoints';
import { formatDate, formatMoney, formatMonth } from '@synergie/shared/format';
import { DAS2_FIRST_YEAR } from '@synergie/shared/renewals';
import type { CloseMonthResponse, SelfBillingInvoice } from '@synergie/shared/self-billing';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { Loading } from '~/components/query-state';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { RequireAdmin } from '~/features/admin';
import { AdminMembershipInvoices, EinvoiceStatusLine } from '~/features/billing';
import { useAdminCommissions, useAdminSelfBilling, useCloseMonth, useIssueCreditNote } from '~/features/referral';
import { apiHref } from '~/lib/api-client';
import { parseApiDateTime } from '~/lib/api-dates';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Commissions',
    description: 'Relevés mensuels des commissions de parrainage.',
    path: '/admin/commissions',
    noindex: true,
  });

/** This month in Paris, as 'YYYY-MM'. */
function currentMonth(): string {
  const parts = new Intl.DateTimeFormat('fr-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
  }).format(new Date());
  return parts.slice(0, 7);
}

/** DAS2 (CGI art. 240): the year's beneficiaries paid more than 2 400 € TTC, as a CSV. */
function Das2Export() {
  const thisYear = Number(currentMonth().slice(0, 4));
  // The declaration is filed early in the year for the year before.
  const [year, setYear] = useState(thisYear - 1);
  // From 2024 on: the 2 400 € threshold applies to payments since then (the server refuses earlier years).
  const years = Array.from({ length: 6 }, (_, i) => thisYear - i).filter((y) => y >= DAS2_FIRST_YEAR);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Déclaration DAS2</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">
          {`Les bénéficiaires de commissions payées au cours de l’année civile pour plus de 2\u202f400\u00a0€ TTC (CGI, art. 240), avec les informations à déclarer. SIRET et adresse sont à compléter lorsqu’ils ne sont pas connus.`}
        </p>
        <p className="text-sm text-slate-600">
          {
            'Le fichier à déposer suit le cahier des charges TD/bilatéral de la DGFiP (enregistrements de 672\u00a0caractères, ISO-8859-1)\u00a0: il se transmet sur teletd.impots.gouv.fr.'
          }
        </p>
        <div className="flex flex-wrap items-end gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="das2-year">Année</Label>
            <select
              id="das2-year"
              value={year}
              onChange={(e) => setYear(Number(e.target.value))}
              className="h-10 w-32 rounded-md border border-slate-300 bg-white px-3 text-sm"
            >
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </div>
          <Button asChild variant="outline" className="h-auto min-h-10 whitespace-normal py-2 text-left">
            <a href={apiHref(renewalEndpoints.das2Csv, { params: { year } })} download>
              <Download aria-hidden="true" />
              Exporter la DAS2 {year} (CSV)
            </a>
          </Button>
          <Button asChild variant="outline" className="h-auto min-h-10 whitespace-normal py-2 text-left">
            <a href={apiHref(renewalEndpoints.das2File, { params: { year } })} download>
              <Download aria-hidden="true" />
              Fichier DAS2 {year} à déposer (DGFiP)
            </a>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function CommissionsLedger() {
  // A contest's mail links to ?month=YYYY-MM.
  const [searchParams] = useSearchParams();
  const [month, setMonth] = useState(() => {
    const asked = searchParams.get('month');
    return asked && /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : currentMonth();
  });
  const ledger = useAdminCommissions(month);
  const close = useCloseMonth();
  const [closing, setClosing] = useState<CloseMonthResponse>();
  const payable = ledger.data?.sponsors.reduce((n, s) => n + s.totals.payableCents, 0) ?? 0;
  // Lines of earlier statements still waiting (no mandate then, a credit note, due late last month)
  // are invoiced by this month's closing too: they alone are reason enough to close.
  const earlier = ledger.data?.earlierPayableCents ?? 0;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="statement-month">Relevé du mois</Label>
          <Input
            id="statement-month"
            type="month"
            value={month}
            onChange={(e) => e.target.value && setMonth(e.target.value)}
            className="w-48"
          />
        </div>
        <Button asChild variant="outline">
          <a href={apiHref(referralEndpoints.statementCsv, { params: { month } })} download>
            <Download aria-hidden="true" />
            Télécharger le relevé (CSV)
          </a>
        </Button>
        <Button
          type="button"
          disabled={(payable <= 0 && earlier <= 0) || close.isPending}
          onClick={() => close.mutate(month, { onSuccess: setClosing })}
        >
          Clôturer le mois
        </Button>
      </div>
      {earlier > 0 ? (
        <p className="text-sm text-slate-700" data-testid="earlier-payable">
          {`Relevés précédents\u00a0: ${formatMoney(earlier)} payables, non encore facturés, inclus dans cette clôture.`}
        </p>
      ) : null}
      {closing ? <ClosingResult result={closing} /> : null}

      {ledger.isPending ? (
        <Loading variant="text" label="Chargement des commissions…" />
      ) : ledger.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{ledger.error.message}</AlertDescription>
        </Alert>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>Parrains du relevé de {formatMonth(month)}</CardTitle>
          </CardHeader>
          <CardContent>
            {ledger.data.sponsors.length === 0 ? (
              <p className="text-slate-600">Aucune commission pour ce mois.</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Commissions par parrain pour {formatMonth(month)}</caption>
                  <thead className="border-b border-slate-200 text-slate-700">
                    <tr>
                      <th scope="col" className="py-2 pr-4">
                        Parrain
                      </th>
                      <th scope="col" className="py-2 pr-4">
                        Lignes
                      </th>
                      <th scope="col" className="py-2 pr-4 text-right">
                        En attente
                      </th>
                      <th scope="col" className="py-2 pr-4 text-right">
                        Payable
                      </th>
                      <th scope="col" className="py-2 pr-4 text-right">
                        Payé
                      </th>
                      <th scope="col" className="py-2 text-right">
                        Total
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {ledger.data.sponsors.map((s) => (
                      <tr key={s.sponsorId ?? 'deleted'}>
                        <th scope="row" className="py-2 pr-4 font-medium">
                          {s.name ?? 'Compte supprimé'}
                          {s.email ? <span className="block text-xs font-normal text-slate-600">{s.email}</span> : null}
                        </th>
                        <td className="py-2 pr-4">{s.lineCount}</td>
                        <td className="py-2 pr-4 text-right">{formatMoney(s.totals.pendingCents)}</td>
                        <td className="py-2 pr-4 text-right">{formatMoney(s.totals.payableCents)}</td>
                        <td className="py-2 pr-4 text-right">{formatMoney(s.totals.paidCents)}</td>
                        <td className="py-2 text-right font-semibold">{formatMoney(s.totalCents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </CardContent>
        </Card>
      )}
      <SelfBillingInvoices month={month} />
    </div>
  );
}

/** What the closing did: the invoices issued, the beneficiaries skipped and why. */
function ClosingResult({ result }: { result: CloseMonthResponse }) {
  return (
    <div role="status" className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <p className="font-medium">
        {result.invoices.length === 0
          ? `Aucune facture émise pour ${result.month}.`
          : `${result.invoices.length} facture${result.invoices.length > 1 ? 's' : ''} émise${result.invoices.length > 1 ? 's' : ''} pour ${result.month}.`}
      </p>
      {result.skipped.length > 0 ? (
        <ul className="mt-2 list-disc pl-5 text-amber-900">
          {result.skipped.map((s) => (
            <li key={s.sponsorId}>
              {s.name ?? 'Compte supprimé'}
              {'\u00a0'}: {s.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function DocumentLinks({ invoice }: { invoice: SelfBillingInvoice }) {
  const params = { id: invoice.id };
  return (
    <span className="flex gap-2">
      <a
        className="text-brand-700 underline"
        href={apiHref(selfBillingEndpoints.invoicePdf, { params })}
        download
        aria-label={`${invoice.number} en PDF`}
      >
        PDF
      </a>
      <a
        className="text-brand-700 underline"
        href={apiHref(selfBillingEndpoints.invoiceFacturX, { params })}
        download
        aria-label={`${invoice.number} au format Factur-X`}
      >
        Factur-X
      </a>
    </span>
  );
}

/** The month's self-billed invoices and credit notes, and the contests waiting for an answer. */
function SelfBillingInvoices({ month }: { month: string }) {
  const docs = useAdminSelfBilling(month);
  const credit = useIssueCreditNote();
  if (docs.isPending) return <Loading variant="text" label="Chargement des factures…" />;
  if (docs.isError)
    return (
      <Alert variant="destructive">
        <AlertDescription>{docs.error.message}</AlertDescription>
      </Alert>
    );
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Contestations en attente</CardTitle>
        </CardHeader>
        <CardContent>
          {docs.data.contests.length === 0 ? (
            <p className="text-slate-600">Aucune contestation en attente.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {docs.data.contests.map((c) => (
                <li key={c.id} className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm">
                  <span className="flex flex-col gap-1">
                    <span className="font-medium">
                      {c.number} — {c.issuerName} — {formatMoney(c.totalInclVatCents)}
                    </span>
                    <span className="text-slate-600">
                      {c.contestedAt
                        ? `Contestée le ${formatDate(parseApiDateTime(c.contestedAt), 'medium')}\u00a0: `
                        : ''}
                      {c.contestReason}
                    </span>
                  </span>
                  <span className="flex items-center gap-3">
                    <DocumentLinks invoice={c} />
                    <Button type="button" size="sm" disabled={credit.isPending} onClick={() => credit.mutate(c.id)}>
                      Émettre un avoir
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Factures d’autofacturation du relevé de {formatMonth(month)}</CardTitle>
        </CardHeader>
        <CardContent>
          {docs.data.invoices.length === 0 ? (
            <p className="text-slate-600">Aucune facture pour ce mois.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Factures et avoirs du relevé de {formatMonth(month)}</caption>
                <thead className="border-b border-slate-200 text-slate-700">
                  <tr>
                    <th scope="col" className="py-2 pr-4">
                      Numéro
                    </th>
                    <th scope="col" className="py-2 pr-4">
                      Bénéficiaire
                    </th>
                    <th scope="col" className="py-2 pr-4">
                      État
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right">
                      Total TTC
                    </th>
                    <th scope="col" className="py-2">
                      Documents
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {docs.data.invoices.map((i) => (
                    <tr key={i.id}>
                      <th scope="row" className="py-2 pr-4 font-medium">
                        {i.kind === 'credit_note' ? 'Avoir' : 'Facture'} {i.number}
                      </th>
                      <td className="py-2 pr-4">{i.issuerName}</td>
                      <td className="py-2 pr-4">
                        {i.creditedBy
                          ? `Annulée (avoir ${i.creditedBy})`
                          : i.creditsNumber
                            ? `Annule ${i.creditsNumber}`
                            : i.contestedAt
                              ? 'Contestée'
                              : 'Émise'}
                        {i.einvoice ? <EinvoiceStatusLine status={i.einvoice} compact /> : null}
                      </td>
                      <td className="py-2 pr-4 text-right">{formatMoney(i.totalInclVatCents)}</td>
                      <td className="py-2">
                        <DocumentLinks invoice={i} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>
    </>
  );
}

export default function AdminCommissionsPage() {
  return (
    <RequireAdmin>
      <PageHero title="Commissions de parrainage">
        <p>
          {`Relevés mensuels\u00a0: lignes en attente, payables 15 jours après l’encaissement, et payées. La clôture du mois émet une facture d’autofacturation par bénéficiaire ayant un mandat actif.`}
        </p>
      </PageHero>
      <CommissionsLedger />
      <div className="mx-auto max-w-6xl px-4 pb-10">
        <Das2Export />
      </div>
      <div className="mx-auto max-w-6xl px-4 pb-10">
        <AdminMembershipInvoices />
      </div>
    </RequireAdmin>
  );
}
