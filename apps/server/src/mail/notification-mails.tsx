/** @jsxRuntime automatic @jsxImportSource react */
// Notification mails (network-core §8): the mail of one notification sent at once. Each carries a
// visible unsubscribe link for its kind in the footer, and the List-Unsubscribe headers that
// domain/notifications.ts adds.
import { Link } from '@react-email/link';
import { formatDateTime, notificationMessages } from '@synergie/shared';
import { Fragment } from 'react';
import {
  ActionButton,
  type MailContext,
  MailLayout,
  type MailUnsubscribe,
  Note,
  Paragraph,
  Signature,
} from './components';
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
  /** Absent on a service message, which no setting stops. */
  unsubscribe?: MailUnsubscribe;
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
              <Paragraph>{`${action}\u00a0: ${url}`}</Paragraph>
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

export interface DigestItem {
  title: string;
  body: string | null;
  /** A path of the site. */
  link: string | null;
  createdAt: Date;
}

/**
 * The daily or weekly digest: everything pending for the member in one mail, oldest first, each
 * with its date and its link. The footer's link stops the whole digest (every kind sent in it).
 */
export function digestMail(
  ctx: MailContext,
  data: {
    to: string;
    frequency: 'daily' | 'weekly';
    items: DigestItem[];
    /** How many notifications the digest covers; `items` lists the first ones (at most 100). */
    total?: number;
    unsubscribe: MailUnsubscribe;
  },
): OutgoingMail {
  const centre = new URL('/notifications', ctx.siteUrl).toString();
  return {
    to: data.to,
    subject: `${notificationMessages.digestSubject(data.frequency, data.total ?? data.items.length)} - ${ctx.siteName}`,
    ...renderMail(
      <MailLayout ctx={ctx} unsubscribe={data.unsubscribe}>
        <Paragraph>Bonjour,</Paragraph>
        <Paragraph>
          {data.frequency === 'daily'
            ? 'Voici ce qui s’est passé pour vous depuis votre dernier résumé\u00a0:'
            : 'Voici ce qui s’est passé pour vous cette semaine\u00a0:'}
        </Paragraph>
        {data.items.map((item, i) => {
          const url = item.link ? new URL(item.link, ctx.siteUrl).toString() : null;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list rendered once
            <Fragment key={i}>
              <HtmlOnly>
                <Paragraph style={{ margin: '12px 0 0' }}>
                  {url ? (
                    <Link href={url} style={{ color: '#1d4ed8', fontWeight: 'bold' }}>
                      {item.title}
                    </Link>
                  ) : (
                    <strong>{item.title}</strong>
                  )}
                </Paragraph>
                {item.body ? <Paragraph style={{ margin: '4px 0' }}>{item.body}</Paragraph> : null}
                <Note>{formatDateTime(item.createdAt)}</Note>
              </HtmlOnly>
              <TextOnly>
                <Paragraph>{`- ${item.title} (${formatDateTime(item.createdAt)})`}</Paragraph>
                {item.body ? <Paragraph>{item.body}</Paragraph> : null}
                {url ? <Paragraph>{url}</Paragraph> : null}
              </TextOnly>
            </Fragment>
          );
        })}
        {data.total !== undefined && data.total > data.items.length ? (
          <Paragraph>{`… et ${data.total - data.items.length} autres, dans votre centre de notifications.`}</Paragraph>
        ) : null}
        <HtmlOnly>
          <ActionButton href={centre}>Voir mes notifications</ActionButton>
        </HtmlOnly>
        <TextOnly>
          <Paragraph>{`Voir mes notifications\u00a0: ${centre}`}</Paragraph>
          <Signature ctx={ctx} />
        </TextOnly>
      </MailLayout>,
    ),
    template: `digest-${data.frequency}`,
  };
}
