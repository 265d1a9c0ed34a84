import { formatDate, formatPrice } from '@synergie/shared/format';
import { sepaMessages } from '@synergie/shared/sepa-debit';
import { Alert } from '~/components/ui/alert';
import { Card, CardContent } from '~/components/ui/card';
import { parseApiDateTime } from '~/lib/api-dates';
import { usePaymentDetails } from '../api/payment-details';
import { PortalButton } from './portal-button';

const MANDATE_STATUS: Record<string, string> = { active: 'Actif', inactive: 'Inactif', pending: 'En attente' };

/**
 * /profile/facturation#moyen-de-paiement, under `Mon abonnement` (issue 32; the failed-debit mails
 * link here): a failed debit and its grace, then the SEPA mandates the member signed (reference,
 * date, the account's last 4 digits, the wording's version and text). Nothing when there is neither.
 */
export function PaymentDetailsCard() {
  const data = usePaymentDetails().data;
  if (!data || (data.mandates.length === 0 && !data.failedDebit)) return null;
  const failed = data.failedDebit;
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-6">
        <h2 id="moyen-de-paiement" className="scroll-mt-24 text-xl font-semibold text-slate-900">
          Mon moyen de paiement
        </h2>
        {failed ? (
          <Alert variant="destructive" data-testid="failed-debit">
            <p className="font-semibold">{sepaMessages.failedDebitTitle}</p>
            <p>
              {`Le paiement de ${formatPrice(failed.amountCents)} a été refusé le ${formatDate(parseApiDateTime(failed.firstFailedAt))}. `}
              {failed.nextAttemptAt
                ? `Nouvelle tentative le ${formatDate(parseApiDateTime(failed.nextAttemptAt))}. `
                : 'Aucune nouvelle tentative n’est prévue. '}
              {`Votre accès et votre siège sont conservés jusqu’au ${formatDate(parseApiDateTime(failed.graceEndsAt))}.`}
            </p>
            <div className="mt-2">
              <PortalButton />
            </div>
          </Alert>
        ) : null}
        {data.mandates.map((mandate) => (
          <section key={mandate.reference} aria-label={sepaMessages.mandateTitle} className="text-sm text-slate-700">
            <h3 className="font-semibold text-slate-900">{sepaMessages.mandateTitle}</h3>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt>{sepaMessages.mandateReference}</dt>
              <dd data-testid="mandate-reference">{mandate.reference}</dd>
              <dt>{sepaMessages.mandateSignedOn}</dt>
              <dd>{formatDate(parseApiDateTime(mandate.acceptedAt))}</dd>
              <dt>{sepaMessages.mandateAccount}</dt>
              <dd>{mandate.ibanLast4 ? `IBAN se terminant par ${mandate.ibanLast4}` : '—'}</dd>
              <dt>Statut</dt>
              <dd>{MANDATE_STATUS[mandate.status] ?? mandate.status}</dd>
              <dt>{sepaMessages.mandateVersion}</dt>
              <dd>{mandate.textVersion}</dd>
            </dl>
            {mandate.text ? (
              <details className="mt-2">
                <summary className="cursor-pointer">Texte du mandat</summary>
                <p className="mt-1">{mandate.text}</p>
              </details>
            ) : null}
          </section>
        ))}
      </CardContent>
    </Card>
  );
}
