import { einvoicingMessages } from '@synergie/shared/einvoicing';
import { membershipInvoiceEndpoints } from '@synergie/shared/endpoints';
import { formatDate, formatMoney } from '@synergie/shared/format';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { LoadError, Loading } from '~/components/query-state';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { Label } from '~/components/ui/label';
import { apiHref } from '~/lib/api-client';
import { parseApiDateTime } from '~/lib/api-dates';
import { useAdminMembershipInvoices } from '../api/membership-invoices';
import { EinvoiceStatusLine } from './einvoice-status';

const thisParisYear = () =>
  Number(new Intl.DateTimeFormat('fr-CA', { timeZone: 'Europe/Paris', year: 'numeric' }).format(new Date()));

/**
 * The admin's membership invoices of a year (issue 32), with the CSV and the FEC (the accounting
 * entries of memberships, commissions and credit notes) for the accountant.
 */
export function AdminMembershipInvoices() {
  const thisYear = thisParisYear();
  const [year, setYear] = useState(thisYear);
  const list = useAdminMembershipInvoices(year);
  const years = Array.from({ length: 6 }, (_, i) => thisYear - i);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Factures d’adhésion et comptabilité</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">
          {
            'Une facture par paiement d’adhésion, un avoir par remboursement. Le FEC reprend les adhésions, les commissions autofacturées et les avoirs de l’année, écritures équilibrées.'
          }
        </p>
        <div className="flex flex-wrap items-end gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="membership-invoices-year">Année des factures</Label>
            <select
              id="membership-invoices-year"
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
          <Button asChild variant="outline">
            <a href={apiHref(membershipInvoiceEndpoints.adminCsv, { params: { year } })} download>
              <Download aria-hidden="true" />
              {`Exporter les factures ${year} (CSV)`}
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={apiHref(membershipInvoiceEndpoints.fec, { params: { year } })} download>
              <Download aria-hidden="true" />
              {`Exporter le FEC ${year}`}
            </a>
          </Button>
        </div>
        {list.isPending ? (
          <Loading variant="text" />
        ) : list.isError ? (
          <LoadError
            message="Erreur lors du chargement des factures"
            onRetry={() => list.refetch()}
            retrying={list.isRefetching}
          />
        ) : list.data.invoices.length === 0 ? (
          <p className="text-sm text-slate-600">{`Aucune facture d’adhésion en ${year}.`}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200">
                  <th className="py-2">Numéro</th>
                  <th className="py-2">Date</th>
                  <th className="py-2">Client</th>
                  <th className="py-2">{einvoicingMessages.statusColumn}</th>
                  <th className="py-2 text-right">Montant TTC</th>
                  <th className="py-2">Documents</th>
                </tr>
              </thead>
              <tbody>
                {list.data.invoices.map((invoice) => (
                  <tr key={invoice.id} className="border-b border-slate-100">
                    <td className="py-2">
                      {invoice.kind === 'credit_note' ? 'Avoir' : 'Facture'} {invoice.number}
                    </td>
                    <td className="py-2">{formatDate(parseApiDateTime(invoice.issuedAt), 'medium')}</td>
                    <td className="py-2">{invoice.buyerName}</td>
                    <td className="py-2">
                      {invoice.einvoice ? <EinvoiceStatusLine status={invoice.einvoice} compact /> : '—'}
                    </td>
                    <td className="py-2 text-right">{formatMoney(invoice.totalInclVatCents)}</td>
                    <td className="flex gap-2 py-2">
                      <a
                        className="underline"
                        href={apiHref(membershipInvoiceEndpoints.adminPdf, { params: { id: invoice.id } })}
                        download
                        aria-label={`Télécharger ${invoice.number} en PDF`}
                      >
                        PDF
                      </a>
                      <a
                        className="underline"
                        href={apiHref(membershipInvoiceEndpoints.adminFacturX, { params: { id: invoice.id } })}
                        download
                        aria-label={`Télécharger ${invoice.number} au format Factur-X`}
                      >
                        Factur-X
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
