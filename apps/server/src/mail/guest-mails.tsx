/** @jsxRuntime automatic @jsxImportSource react */
// The mails a guest (visiteur, network-core §5) receives: a person without an account, written to
// with the consent the inviter confirmed. Service mails (no notification setting, no unsubscribe:
// the guest has no account), sent through the outbox like every mail. See render.tsx for the pragma.
import { formatDate, formatDateTime } from '@synergie/shared';
import { ActionButton, type MailContext, MailLayout, Note, Paragraph, Signature } from './components';
import type { OutgoingMail } from './outbox';
import { HtmlOnly, renderMail, TextOnly } from './render';

export interface GuestMailData {
  to: string;
  guestName: string;
  inviterName: string | null;
  groupName: string;
  startsAt: Date;
  place: string;
  /** The public page that confirms (signed link, no account). */
  confirmUrl: string;
  /** The meeting's `.ics`. */
  icsUrl: string;
  /** The guest's trade is held in the group. */
  tradeHeld: string | null;
  /** Hybrid meetings (issue 30): the meeting's visio link, or the group's. */
  visioUrl?: string | null;
}

const timeOf = (at: Date) => formatDateTime(at).split(' à ')[1] ?? '';

function GuestMail({ ctx, data, intro }: { ctx: MailContext; data: GuestMailData; intro: string }) {
  return (
    <MailLayout ctx={ctx}>
      <Paragraph>{`Bonjour ${data.guestName},`}</Paragraph>
      <Paragraph>{intro}</Paragraph>
      <Paragraph>
        <strong>{'Date\u00a0:'}</strong> {`${formatDate(data.startsAt, 'full')} à ${timeOf(data.startsAt)}`}
        <br />
        <strong>{'Lieu\u00a0:'}</strong> {data.place}
        {data.visioUrl ? (
          <>
            <br />
            <strong>{'Visio\u00a0:'}</strong> {data.visioUrl}
          </>
        ) : null}
      </Paragraph>
      {data.tradeHeld ? (
        <Paragraph>
          {`Votre métier («\u00a0${data.tradeHeld}\u00a0») est déjà représenté dans ce groupe\u00a0: la page de l’invitation vous indique les groupes où ce siège est libre.`}
        </Paragraph>
      ) : null}
      <HtmlOnly>
        <ActionButton href={data.confirmUrl}>Je confirme ma venue</ActionButton>
        <Paragraph>
          <a href={data.icsUrl}>Ajouter à mon agenda (.ics)</a>
        </Paragraph>
      </HtmlOnly>
      <TextOnly>
        <Paragraph>
          {`Confirmez votre venue\u00a0: ${data.confirmUrl}`}
          <br />
          {`Ajouter à mon agenda (.ics)\u00a0: ${data.icsUrl}`}
        </Paragraph>
      </TextOnly>
      <Note>
        {`Vous recevez ce message parce qu’un membre du réseau vous a invité avec votre accord. Vos coordonnées sont effacées 12 mois après votre dernière réunion si vous ne devenez pas membre.`}
      </Note>
      <TextOnly>
        <Signature ctx={ctx} />
      </TextOnly>
    </MailLayout>
  );
}

export function guestInvitationMail(ctx: MailContext, data: GuestMailData): OutgoingMail {
  const who = data.inviterName ?? 'Un membre du réseau';
  return {
    to: data.to,
    subject: `Invitation à la réunion du groupe «\u00a0${data.groupName}\u00a0» - ${ctx.siteName}`,
    ...renderMail(
      <GuestMail
        ctx={ctx}
        data={data}
        intro={`${who} vous invite à la prochaine réunion du groupe «\u00a0${data.groupName}\u00a0» de ${ctx.siteName}, le réseau d’affaires.`}
      />,
    ),
    template: 'guest-invitation',
    meta: { confirmUrl: data.confirmUrl, icsUrl: data.icsUrl },
  };
}

export function guestReminderMail(ctx: MailContext, data: GuestMailData): OutgoingMail {
  return {
    to: data.to,
    subject: `Rappel\u00a0: réunion du groupe «\u00a0${data.groupName}\u00a0» demain - ${ctx.siteName}`,
    ...renderMail(
      <GuestMail
        ctx={ctx}
        data={data}
        intro={`Nous vous attendons demain à la réunion du groupe «\u00a0${data.groupName}\u00a0».`}
      />,
    ),
    template: 'guest-reminder',
    meta: { confirmUrl: data.confirmUrl, icsUrl: data.icsUrl },
  };
}
