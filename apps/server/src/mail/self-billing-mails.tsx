/** @jsxRuntime automatic @jsxImportSource react */
// Self-billing (docs/decisions/0008-factur-x.md, domain/self-billing.ts): a member contests an
// invoice (the admins hear of it) and the admin's credit note answers them. Service mails: no
// notification setting. See render.tsx for the pragma above.
import { formatMonth } from '@synergie/shared';
import { profileSectionPath } from '@synergie/shared/profile-sections';
import { ActionButton, type MailContext, MailLayout, Paragraph, QuotedMessage, Signature } from './components';
import type { OutgoingMail } from './outbox';
import { HtmlOnly, renderMail, TextOnly } from './render';

/** The admins hear that a member contests one of their self-billed invoices. */
export function invoiceContestedMail(
  ctx: MailContext,
  data: { to: string; invoiceNumber: string; issuerName: string; month: string; reason: string },
): OutgoingMail {
  const url = new URL(`/admin/commissions?month=${data.month}`, ctx.siteUrl).toString();
  return {
    to: data.to,
    subject: `Facture ${data.invoiceNumber} contestée par ${data.issuerName}`,
    ...renderMail(
      <MailLayout ctx={ctx}>
        <Paragraph>Bonjour,</Paragraph>
        <Paragraph>
          {`${data.issuerName} conteste la facture d’autofacturation ${data.invoiceNumber} (relevé de ${formatMonth(data.month)}).`}
        </Paragraph>
        <QuotedMessage label={'Motif\u00a0:'} text={data.reason} />
        <HtmlOnly>
          <ActionButton href={url}>Répondre en émettant un avoir</ActionButton>
        </HtmlOnly>
        <TextOnly>
          <Paragraph>{`Répondre en émettant un avoir\u00a0: ${url}`}</Paragraph>
          <Signature ctx={ctx} />
        </TextOnly>
      </MailLayout>,
    ),
  };
}

/** The member hears that the credit note answering their contest cancels the invoice. */
export function creditNoteIssuedMail(
  ctx: MailContext,
  data: { to: string; invoiceNumber: string; creditNoteNumber: string },
): OutgoingMail {
  const url = new URL(profileSectionPath('parrainage'), ctx.siteUrl).toString();
  return {
    to: data.to,
    subject: `Avoir ${data.creditNoteNumber} sur la facture ${data.invoiceNumber}`,
    ...renderMail(
      <MailLayout ctx={ctx}>
        <Paragraph>Bonjour,</Paragraph>
        <Paragraph>
          {`Votre contestation de la facture ${data.invoiceNumber} a été prise en compte\u00a0: l’avoir ${data.creditNoteNumber} l’annule. Les commissions concernées seront reprises lors de la prochaine clôture.`}
        </Paragraph>
        <HtmlOnly>
          <ActionButton href={url}>Voir mes factures</ActionButton>
        </HtmlOnly>
        <TextOnly>
          <Paragraph>{`Vos factures\u00a0: ${url}`}</Paragraph>
          <Signature ctx={ctx} />
        </TextOnly>
      </MailLayout>,
    ),
  };
}
