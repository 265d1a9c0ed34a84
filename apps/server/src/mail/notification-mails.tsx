/** @jsxRuntime automatic @jsxImportSource react */
// Notification mails (network-core §8): the mail of one notification sent at once. Each carries a
// visible unsubscribe link for its kind in the footer, and the List-Unsubscribe headers that
// domain/notifications.ts adds.
import { ActionButton, type MailContext, MailLayout, type MailUnsubscribe, Paragraph, Signature } from './components';
import type { OutgoingMail } from './outbox';
import { HtmlOnly, renderMail, TextOnly } from './render';

export interface NotificationMailData {
  to: string;
  title: string;
  body: string | null;
  /** A path of the site. */
  link: string | null;
  /** The button's words; default `Voir`. */
  action?: string;
  unsubscribe: MailUnsubscribe;
}

/** One notification as a mail: its title as the subject, its text, a button to the object. */
export function notificationMail(ctx: MailContext, data: NotificationMailData): OutgoingMail {
  const url = data.link ? new URL(data.link, ctx.siteUrl).toString() : null;
  const action = data.action ?? 'Voir';
  return {
    to: data.to,
    subject: `${data.title} - ${ctx.siteName}`,
    ...renderMail(
      <MailLayout ctx={ctx} unsubscribe={data.unsubscribe}>
        <Paragraph>Bonjour,</Paragraph>
        <Paragraph>{data.title}</Paragraph>
        {data.body ? <Paragraph>{data.body}</Paragraph> : null}
        {url ? (
          <>
            <HtmlOnly>
              <ActionButton href={url}>{action}</ActionButton>
            </HtmlOnly>
            <TextOnly>
              <Paragraph>{`${action}\u202f: ${url}`}</Paragraph>
            </TextOnly>
          </>
        ) : null}
        <TextOnly>
          <Signature ctx={ctx} />
        </TextOnly>
      </MailLayout>,
    ),
    template: 'notification',
  };
}
