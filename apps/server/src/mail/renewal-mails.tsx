/** @jsxRuntime automatic @jsxImportSource react */
// The annual plan's renewal reminder (loi Chatel style, network-core §10) and the confirmation of a
// cancellation. Service mails: no notification setting, sent through the outbox like every mail.
// See render.tsx for the pragma.
import { formatDate, formatPrice } from '@synergie/shared';
import { ActionButton, type MailContext, MailLayout, Note, Paragraph, Signature } from './components';
import type { OutgoingMail } from './outbox';
import { HtmlOnly, renderMail, TextOnly } from './render';

export interface RenewalReminderData {
  to: string;
  name: string;
  renewsAt: Date;
  amountCents: number;
  /** The signed page that stops the renewal (the member confirms once signed in). */
  stopUrl: string;
}

export function renewalReminderMail(ctx: MailContext, data: RenewalReminderData): OutgoingMail {
  const date = formatDate(data.renewsAt);
  const amount = formatPrice(data.amountCents);
  return {
    to: data.to,
    subject: `Votre abonnement annuel sera renouvelé le ${date} - ${ctx.siteName}`,
    ...renderMail(
      <MailLayout ctx={ctx}>
        <Paragraph>{`Bonjour ${data.name},`}</Paragraph>
        <Paragraph>
          {`Votre abonnement annuel à ${ctx.siteName} sera renouvelé automatiquement le ${date}, pour ${amount} TTC.`}
        </Paragraph>
        <Paragraph>
          {`Si vous ne souhaitez pas le reconduire, vous pouvez arrêter le renouvellement dès maintenant\u00a0: votre abonnement restera actif jusqu’au ${date}, sans autre prélèvement.`}
        </Paragraph>
        <HtmlOnly>
          <ActionButton href={data.stopUrl}>Arrêter le renouvellement</ActionButton>
        </HtmlOnly>
        <TextOnly>
          <Paragraph>{`Arrêter le renouvellement\u00a0: ${data.stopUrl}`}</Paragraph>
        </TextOnly>
        <Note>
          {`Ce lien vous demande de vous connecter, puis de confirmer. Vous pouvez aussi résilier depuis votre profil (Mon abonnement > Résilier mon abonnement).`}
        </Note>
        <TextOnly>
          <Signature ctx={ctx} />
        </TextOnly>
      </MailLayout>,
    ),
    template: 'renewal-reminder',
    meta: { stopUrl: data.stopUrl, renewsAt: data.renewsAt.toISOString(), amountCents: data.amountCents },
  };
}

export interface CancellationData {
  to: string;
  name: string;
  /** The end of the period already paid: access until then, no charge after. */
  endsAt: Date | null;
}

export function subscriptionCancelledMail(ctx: MailContext, data: CancellationData): OutgoingMail {
  const until = data.endsAt
    ? `Votre abonnement reste actif jusqu’au ${formatDate(data.endsAt)}, puis prendra fin sans autre prélèvement.`
    : 'Votre abonnement prendra fin à l’issue de la période en cours, sans autre prélèvement.';
  return {
    to: data.to,
    subject: `Confirmation de la résiliation de votre abonnement - ${ctx.siteName}`,
    ...renderMail(
      <MailLayout ctx={ctx}>
        <Paragraph>{`Bonjour ${data.name},`}</Paragraph>
        <Paragraph>{`Nous confirmons la résiliation de votre abonnement à ${ctx.siteName}.`}</Paragraph>
        <Paragraph>{until}</Paragraph>
        <Paragraph>
          {`Vous avez changé d’avis\u202f? Vous pouvez reprendre votre abonnement depuis votre profil avant cette date.`}
        </Paragraph>
        <TextOnly>
          <Signature ctx={ctx} />
        </TextOnly>
      </MailLayout>,
    ),
    template: 'subscription-cancelled',
    meta: { endsAt: data.endsAt?.toISOString() ?? null },
  };
}
