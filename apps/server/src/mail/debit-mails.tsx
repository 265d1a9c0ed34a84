/** @jsxRuntime automatic @jsxImportSource react */
// A failed SEPA Direct Debit or card payment (issue 32, domain/failed-debits.ts): at the failure,
// before each of the provider's retries, when it gives up, when the 30-day grace is over, and when
// a later attempt (or another payment method) paid it after all.
// Service mails: no notification setting, sent through the outbox like every mail. See render.tsx
// for the pragma.
import { formatDate, formatPrice } from '@synergie/shared';
import { ActionButton, type MailContext, MailLayout, Note, Paragraph, Signature } from './components';
import type { OutgoingMail } from './outbox';
import { HtmlOnly, renderMail, TextOnly } from './render';

export interface FailedDebitData {
  to: string;
  name: string;
  amountCents: number;
  /** Access and seat are kept until then. */
  graceEndsAt: Date;
  /** The provider's next attempt, if any. */
  nextAttemptAt: Date | null;
  /** Where the member changes the payment method (`/profile/facturation#moyen-de-paiement`, the portal's button). */
  profileUrl: string;
}

function PayLink({ url }: { url: string }) {
  return (
    <>
      <HtmlOnly>
        <ActionButton href={url}>Mettre à jour mon moyen de paiement</ActionButton>
      </HtmlOnly>
      <TextOnly>
        <Paragraph>{`Mettre à jour mon moyen de paiement\u00a0: ${url}`}</Paragraph>
      </TextOnly>
    </>
  );
}

function Closing({ ctx }: { ctx: MailContext }) {
  return (
    <>
      <Note>
        {'Si vous avez déjà réglé ce montant ou changé de moyen de paiement, vous pouvez ignorer ce message.'}
      </Note>
      <TextOnly>
        <Signature ctx={ctx} />
      </TextOnly>
    </>
  );
}

const meta = (data: FailedDebitData) => ({
  amountCents: data.amountCents,
  graceEndsAt: data.graceEndsAt.toISOString(),
  nextAttemptAt: data.nextAttemptAt?.toISOString() ?? null,
});

/** At the first failure. */
export function debitFailedMail(ctx: MailContext, data: FailedDebitData): OutgoingMail {
  const amount = formatPrice(data.amountCents);
  const retry = data.nextAttemptAt
    ? `Nous tenterons à nouveau le prélèvement le ${formatDate(data.nextAttemptAt)}. Pensez à vérifier que votre compte est approvisionné.`
    : 'Aucune nouvelle tentative n’est prévue\u00a0: merci de mettre à jour votre moyen de paiement.';
  return {
    to: data.to,
    subject: `Votre paiement de ${amount} n’a pas abouti - ${ctx.siteName}`,
    ...renderMail(
      <MailLayout ctx={ctx}>
        <Paragraph>{`Bonjour ${data.name},`}</Paragraph>
        <Paragraph>{`Le paiement de votre abonnement à ${ctx.siteName} (${amount} TTC) a été refusé par votre banque.`}</Paragraph>
        <Paragraph>{retry}</Paragraph>
        <Paragraph>
          {`Votre accès et votre siège dans votre groupe sont conservés jusqu’au ${formatDate(data.graceEndsAt)}.`}
        </Paragraph>
        <PayLink url={data.profileUrl} />
        <Closing ctx={ctx} />
      </MailLayout>,
    ),
    template: 'debit-failed',
    meta: meta(data),
  };
}

/** A few days before the provider's next attempt. */
export function debitRetryMail(ctx: MailContext, data: FailedDebitData & { nextAttemptAt: Date }): OutgoingMail {
  const amount = formatPrice(data.amountCents);
  const date = formatDate(data.nextAttemptAt);
  return {
    to: data.to,
    subject: `Nouvelle tentative de paiement le ${date} - ${ctx.siteName}`,
    ...renderMail(
      <MailLayout ctx={ctx}>
        <Paragraph>{`Bonjour ${data.name},`}</Paragraph>
        <Paragraph>
          {`Le paiement de votre abonnement à ${ctx.siteName} (${amount} TTC) n’a pas encore abouti. Nous le tenterons à nouveau le ${date}.`}
        </Paragraph>
        <Paragraph>
          {`Merci de vérifier que votre compte est approvisionné, ou de changer de moyen de paiement. Votre accès et votre siège sont conservés jusqu’au ${formatDate(data.graceEndsAt)}.`}
        </Paragraph>
        <PayLink url={data.profileUrl} />
        <Closing ctx={ctx} />
      </MailLayout>,
    ),
    template: 'debit-retry',
    meta: meta(data),
  };
}

/** The provider's last attempt failed: no retry is left. */
export function debitExhaustedMail(ctx: MailContext, data: FailedDebitData): OutgoingMail {
  const amount = formatPrice(data.amountCents);
  const until = formatDate(data.graceEndsAt);
  return {
    to: data.to,
    subject: `Action requise\u00a0: votre abonnement n’est pas réglé - ${ctx.siteName}`,
    ...renderMail(
      <MailLayout ctx={ctx}>
        <Paragraph>{`Bonjour ${data.name},`}</Paragraph>
        <Paragraph>
          {`La dernière tentative de paiement de votre abonnement à ${ctx.siteName} (${amount} TTC) a échoué. Nous ne ferons plus de nouvelle tentative.`}
        </Paragraph>
        <Paragraph>
          {`Sans règlement d’ici le ${until}, votre abonnement prendra fin et votre siège sera libéré pour un autre membre de votre métier.`}
        </Paragraph>
        <PayLink url={data.profileUrl} />
        <Closing ctx={ctx} />
      </MailLayout>,
    ),
    template: 'debit-exhausted',
    meta: meta(data),
  };
}

/** The 30 days are over without payment: access ends, the seat lapses (lapseSeats). */
export function debitGraceEndedMail(ctx: MailContext, data: FailedDebitData): OutgoingMail {
  return {
    to: data.to,
    subject: `Votre abonnement a pris fin - ${ctx.siteName}`,
    ...renderMail(
      <MailLayout ctx={ctx}>
        <Paragraph>{`Bonjour ${data.name},`}</Paragraph>
        <Paragraph>
          {`Le paiement de votre abonnement à ${ctx.siteName} (${formatPrice(data.amountCents)} TTC) n’a pas été réglé dans les 30\u00a0jours suivant le premier refus. Votre abonnement a pris fin le ${formatDate(data.graceEndsAt)} et votre siège est libéré.`}
        </Paragraph>
        <Paragraph>
          {
            'Vous pouvez vous abonner à nouveau à tout moment depuis la page des tarifs, puis demander un siège dans un groupe.'
          }
        </Paragraph>
        <TextOnly>
          <Signature ctx={ctx} />
        </TextOnly>
      </MailLayout>,
    ),
    template: 'debit-grace-ended',
    meta: meta(data),
  };
}

export interface DebitRecoveredData {
  to: string;
  name: string;
  /** What was paid, VAT included, in cents. */
  amountCents: number;
  paidAt: Date;
  /** Paid before the 30 days were over: access and seat were kept all along. */
  withinGrace: boolean;
  /** Where the member's invoices are (`Mes factures`, /profile/facturation#factures). */
  invoicesUrl: string;
}

/** A failed debit paid at last (a retry, another payment method): the member is up to date. */
export function debitRecoveredMail(ctx: MailContext, data: DebitRecoveredData): OutgoingMail {
  const amount = formatPrice(data.amountCents);
  const after = data.withinGrace
    ? 'Votre accès et votre siège dans votre groupe sont conservés\u00a0: vous n’avez rien d’autre à faire.'
    : 'Si votre siège a été libéré entre-temps, vous pouvez demander à nouveau un siège dans un groupe.';
  return {
    to: data.to,
    subject: `Paiement reçu\u00a0: votre cotisation est à jour - ${ctx.siteName}`,
    ...renderMail(
      <MailLayout ctx={ctx}>
        <Paragraph>{`Bonjour ${data.name},`}</Paragraph>
        <Paragraph>
          {`Nous avons bien reçu le paiement de votre abonnement à ${ctx.siteName} (${amount} TTC) le ${formatDate(data.paidAt)}, après l’échec du prélèvement. Votre cotisation est à jour.`}
        </Paragraph>
        <Paragraph>{after}</Paragraph>
        <HtmlOnly>
          <ActionButton href={data.invoicesUrl}>Voir mes factures</ActionButton>
        </HtmlOnly>
        <TextOnly>
          <Paragraph>{`Voir mes factures\u00a0: ${data.invoicesUrl}`}</Paragraph>
          <Signature ctx={ctx} />
        </TextOnly>
      </MailLayout>,
    ),
    template: 'debit-recovered',
    meta: { amountCents: data.amountCents, paidAt: data.paidAt.toISOString(), withinGrace: data.withinGrace },
  };
}
