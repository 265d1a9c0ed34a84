/** @jsxRuntime automatic @jsxImportSource react */
// The mails of a visitor who registered themselves (issue 30): the confirmation (service mail, with
// the `.ics`), and the two follow-up mails after a visit (`Merci de votre visite` the next day, the
// invitation to apply a week later), each with the one-click unsubscribe (signed link). See
// render.tsx for the pragma.
import { formatDate, formatDateTime } from '@synergie/shared';
import { ActionButton, type MailContext, MailLayout, Note, Paragraph, Signature } from './components';
import type { OutgoingMail } from './outbox';
import { HtmlOnly, renderMail, TextOnly } from './render';

const timeOf = (at: Date) => formatDateTime(at).split(' à ')[1] ?? '';

export interface VisitConfirmationData {
  to: string;
  name: string;
  groupName: string;
  startsAt: Date;
  place: string;
  visioUrl: string | null;
  icsUrl: string;
  pageUrl: string;
  seatNotice: string;
}

export function visitConfirmationMail(ctx: MailContext, data: VisitConfirmationData): OutgoingMail {
  return {
    to: data.to,
    subject: `Votre visite au groupe «\u00a0${data.groupName}\u00a0» - ${ctx.siteName}`,
    ...renderMail(
      <MailLayout ctx={ctx}>
        <Paragraph>{`Bonjour ${data.name},`}</Paragraph>
        <Paragraph>{`Vous êtes inscrit à la réunion du groupe «\u00a0${data.groupName}\u00a0».`}</Paragraph>
        <Paragraph>
          <strong>Date :</strong> {`${formatDate(data.startsAt, 'full')} à ${timeOf(data.startsAt)}`}
          <br />
          <strong>Lieu :</strong> {data.place}
          {data.visioUrl ? (
            <>
              <br />
              <strong>Visio :</strong> {data.visioUrl}
            </>
          ) : null}
        </Paragraph>
        <Paragraph>{data.seatNotice}</Paragraph>
        <HtmlOnly>
          <ActionButton href={data.icsUrl}>Ajouter à mon agenda (.ics)</ActionButton>
        </HtmlOnly>
        <TextOnly>
          <Paragraph>{`Ajouter à mon agenda (.ics)\u202f: ${data.icsUrl}`}</Paragraph>
        </TextOnly>
        <Note>
          {
            'Vous recevez ce message parce que vous vous êtes inscrit avec votre accord. Un rappel vous est envoyé la veille. Vos coordonnées sont effacées 12 mois après votre dernière visite si vous ne devenez pas membre.'
          }
        </Note>
        <TextOnly>
          <Signature ctx={ctx} />
        </TextOnly>
      </MailLayout>,
    ),
    template: 'visit-confirmation',
    meta: { icsUrl: data.icsUrl, pageUrl: data.pageUrl },
  };
}

export interface VisitFollowUpData {
  to: string;
  name: string;
  groupName: string;
  /** The group's figures: active members, business passed over 12 months. */
  members: number;
  recommendations: number;
  businessEuros: number;
  applyUrl: string;
  unsubscribeUrl: string;
}

const UNSUBSCRIBE_LABEL = 'Suivi de visite';

export function visitThanksMail(ctx: MailContext, data: VisitFollowUpData): OutgoingMail {
  const business = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }).format(data.businessEuros);
  return {
    to: data.to,
    subject: `Merci de votre visite - ${data.groupName}`,
    ...renderMail(
      <MailLayout ctx={ctx} unsubscribe={{ kindLabel: UNSUBSCRIBE_LABEL, url: data.unsubscribeUrl }}>
        <Paragraph>{`Bonjour ${data.name},`}</Paragraph>
        <Paragraph>{`Merci de votre visite au groupe «\u00a0${data.groupName}\u00a0».`}</Paragraph>
        <Paragraph>
          {`Le groupe en chiffres\u00a0: ${data.members} membres, ${data.recommendations} recommandations passées et ${business}\u00a0€ d’affaires conclues sur les 12 derniers mois.`}
        </Paragraph>
        <TextOnly>
          <Signature ctx={ctx} />
        </TextOnly>
      </MailLayout>,
    ),
    template: 'visit-thanks',
    headers: {},
    meta: { unsubscribeUrl: data.unsubscribeUrl },
  };
}

export function visitApplyMail(ctx: MailContext, data: VisitFollowUpData): OutgoingMail {
  return {
    to: data.to,
    subject: `Rejoindre le groupe «\u00a0${data.groupName}\u00a0» - ${ctx.siteName}`,
    ...renderMail(
      <MailLayout ctx={ctx} unsubscribe={{ kindLabel: UNSUBSCRIBE_LABEL, url: data.unsubscribeUrl }}>
        <Paragraph>{`Bonjour ${data.name},`}</Paragraph>
        <Paragraph>
          {`Votre visite au groupe «\u00a0${data.groupName}\u00a0» vous a plu\u202f? Déposez votre candidature pour y prendre le siège de votre métier.`}
        </Paragraph>
        <HtmlOnly>
          <ActionButton href={data.applyUrl}>Déposer ma candidature</ActionButton>
        </HtmlOnly>
        <TextOnly>
          <Paragraph>{`Déposer ma candidature\u202f: ${data.applyUrl}`}</Paragraph>
          <Signature ctx={ctx} />
        </TextOnly>
      </MailLayout>,
    ),
    template: 'visit-apply',
    meta: { unsubscribeUrl: data.unsubscribeUrl, applyUrl: data.applyUrl },
  };
}
