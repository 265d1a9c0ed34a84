/** @jsxRuntime automatic @jsxImportSource react */
// Events: the organizer hears of each registration, registrants of a change, a cancellation and
// the day before (domain/events/). See render.tsx for the pragma above.
import { formatEventDateTime } from '@synergie/shared';
import type { ReactNode } from 'react';
import { ActionButton, type MailContext, MailLayout, Paragraph, Signature } from './components';
import type { OutgoingMail } from './outbox';
import { HtmlOnly, renderMail, TextOnly } from './render';

interface MailEvent {
  title: string;
  date: string;
  time: string;
  location: string;
}

const eventWhen = (event: MailEvent) => formatEventDateTime(event.date, event.time);

/** What every event mail says around its own lines: the link to the events page. */
function EventMail({ ctx, children }: { ctx: MailContext; children: ReactNode }) {
  const url = new URL('/events', ctx.siteUrl).toString();
  return (
    <MailLayout ctx={ctx}>
      <Paragraph>Bonjour,</Paragraph>
      {children}
      <HtmlOnly>
        <ActionButton href={url}>Voir les événements</ActionButton>
      </HtmlOnly>
      <TextOnly>
        <Paragraph>{`Retrouvez les événements du réseau sur ${url}`}</Paragraph>
        <Signature ctx={ctx} />
      </TextOnly>
    </MailLayout>
  );
}

export function eventRegistrationMail(
  ctx: MailContext,
  data: { to: string; event: MailEvent; registrantName: string },
): OutgoingMail {
  const { event } = data;
  return {
    to: data.to,
    subject: `Nouvelle inscription à «\u00a0${event.title}\u00a0» - ${ctx.siteName}`,
    ...renderMail(
      <EventMail ctx={ctx}>
        <Paragraph>
          <strong>{data.registrantName}</strong>
          {` s’est inscrit à votre événement «\u00a0${event.title}\u00a0» du ${eventWhen(event)}.`}
        </Paragraph>
      </EventMail>,
    ),
    template: 'event-registration',
  };
}

export function eventChangedMail(
  ctx: MailContext,
  data: { to: string; before: MailEvent; after: MailEvent },
): OutgoingMail {
  const { before, after } = data;
  return {
    to: data.to,
    subject: `Événement modifié\u00a0: «\u00a0${after.title}\u00a0» - ${ctx.siteName}`,
    ...renderMail(
      <EventMail ctx={ctx}>
        <Paragraph>{`L’événement «\u00a0${before.title}\u00a0» auquel vous êtes inscrit a été modifié.`}</Paragraph>
        <Paragraph>
          <strong>{'Titre\u00a0:'}</strong> {after.title}
          <br />
          <strong>{'Date\u00a0:'}</strong> {eventWhen(after)}
          <br />
          <strong>{'Lieu\u00a0:'}</strong> {after.location}
        </Paragraph>
      </EventMail>,
    ),
    template: 'event-changed',
  };
}

export function eventCancelledMail(ctx: MailContext, data: { to: string; event: MailEvent }): OutgoingMail {
  const { event } = data;
  return {
    to: data.to,
    subject: `Événement annulé\u00a0: «\u00a0${event.title}\u00a0» - ${ctx.siteName}`,
    ...renderMail(
      <EventMail ctx={ctx}>
        <Paragraph>
          {`L’événement «\u00a0${event.title}\u00a0» du ${eventWhen(event)} (${event.location}), auquel vous étiez inscrit, est annulé.`}
        </Paragraph>
      </EventMail>,
    ),
    template: 'event-cancelled',
  };
}

/** The day before (job `remind-events`): each registered member is reminded once. */
export function eventReminderMail(
  ctx: MailContext,
  data: { to: string; event: MailEvent; guests: number },
): OutgoingMail {
  const { event } = data;
  const guests = data.guests > 0 ? ` Vous venez avec ${data.guests} invité${data.guests > 1 ? 's' : ''}.` : '';
  return {
    to: data.to,
    subject: `Rappel\u00a0: «\u00a0${event.title}\u00a0» a lieu demain - ${ctx.siteName}`,
    ...renderMail(
      <EventMail ctx={ctx}>
        <Paragraph>
          {`Vous êtes inscrit à l’événement «\u00a0${event.title}\u00a0», le ${eventWhen(event)} (${event.location}).${guests}`}
        </Paragraph>
        <Paragraph>
          {
            'Si vous ne pouvez plus venir, annulez votre inscription sur la page des événements\u00a0: votre place ira au premier de la liste d’attente.'
          }
        </Paragraph>
      </EventMail>,
    ),
    template: 'event-reminder',
  };
}
