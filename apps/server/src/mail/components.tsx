/** @jsxRuntime automatic @jsxImportSource react */
// The building blocks of every mail: React Email components (tables and inline styles that mail
// clients understand) with the site's look. See render.tsx for the pragma above.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { type CSSProperties, createElement, Fragment, type ReactNode } from 'react';
import { HtmlOnly, TextOnly, useMailMode } from './render';

export interface MailContext {
  siteName: string;
  siteUrl: string;
  contactEmail: string;
}

const BRAND = '#1d4ed8';

const styles = {
  body: { backgroundColor: '#ffffff', color: '#1e293b', fontFamily: 'Arial,sans-serif', lineHeight: '1.5' },
  container: { maxWidth: '560px', margin: '0 auto', padding: '24px' },
  paragraph: { fontSize: '16px', lineHeight: '24px', margin: '16px 0' },
  siteName: { fontSize: '20px', lineHeight: '28px', fontWeight: 'bold', color: BRAND },
  quote: { borderLeft: `3px solid ${BRAND}`, margin: '0', paddingLeft: '12px' },
  button: {
    backgroundColor: BRAND,
    color: '#ffffff',
    padding: '12px 20px',
    borderRadius: '6px',
    textDecoration: 'none',
    fontWeight: 'bold',
  },
  note: { fontSize: '13px', color: '#475569' },
  code: { fontSize: '28px', lineHeight: '36px', fontWeight: 'bold', letterSpacing: '6px' },
  hr: { border: 'none', borderTop: '1px solid #e2e8f0', margin: '24px 0' },
  footer: { fontSize: '12px', lineHeight: '18px', color: '#64748b' },
  link: { color: BRAND },
} satisfies Record<string, CSSProperties>;

/** The page of every mail: the site's name above, its address below (HTML only). */
/** A notification mail's way out: the kind it belongs to and its signed unsubscribe page. */
export interface MailUnsubscribe {
  kindLabel: string;
  url: string;
}

export function MailLayout({
  ctx,
  children,
  unsubscribe,
}: {
  ctx: MailContext;
  children: ReactNode;
  /** Notification mails (network-core §8): a visible unsubscribe link for their kind. */
  unsubscribe?: MailUnsubscribe;
}) {
  return (
    <Html lang="fr">
      <Head />
      <Body style={styles.body}>
        <Container style={styles.container}>
          <HtmlOnly>
            <Text style={styles.siteName}>{ctx.siteName}</Text>
          </HtmlOnly>
          {children}
          <HtmlOnly>
            <Hr style={styles.hr} />
            <Text style={styles.footer}>
              {`${ctx.siteName} - `}
              <Link href={ctx.siteUrl} style={styles.link}>
                {ctx.siteUrl}
              </Link>
            </Text>
            {unsubscribe ? (
              <Text style={styles.footer}>
                {`Vous recevez cet email pour les notifications «\u00a0${unsubscribe.kindLabel}\u00a0». `}
                <Link href={unsubscribe.url} style={styles.link}>
                  Se désabonner
                </Link>
              </Text>
            ) : null}
          </HtmlOnly>
          <TextOnly>
            {unsubscribe ? (
              <Text>{`Vous recevez cet email pour les notifications «\u00a0${unsubscribe.kindLabel}\u00a0». Se désabonner\u00a0: ${unsubscribe.url}`}</Text>
            ) : null}
          </TextOnly>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return <Text style={{ ...styles.paragraph, ...style }}>{children}</Text>;
}

/** Small print under a button. */
export function Note({ children }: { children: ReactNode }) {
  return <Paragraph style={styles.note}>{children}</Paragraph>;
}

/** The sign-in code, large in HTML. */
export function Code({ children }: { children: ReactNode }) {
  return <Paragraph style={styles.code}>{children}</Paragraph>;
}

export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Paragraph>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
    </Paragraph>
  );
}

/** A member's text with its line breaks kept (each line a text node, so React escapes it). */
export function Lines({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    if (i > 0) parts.push(<br />);
    parts.push(line);
  }
  // Passed as separate children, not as an array: the parts need no keys.
  return createElement(Fragment, null, ...parts);
}

/**
 * A message someone wrote, under an optional label ('Son message :'): quoted paragraph by
 * paragraph in HTML, given as written in the text version, right under its label.
 */
export function QuotedMessage({ label, text }: { label?: string; text: string }) {
  if (useMailMode() === 'text') {
    return (
      <Paragraph>
        {label ? (
          <>
            {label}
            <br />
          </>
        ) : null}
        <Lines text={text} />
      </Paragraph>
    );
  }
  const paragraphs: ReactNode[] = [];
  for (const paragraph of text.split(/(?:\r?\n){2,}/)) {
    paragraphs.push(
      <Paragraph>
        <Lines text={paragraph} />
      </Paragraph>,
    );
  }
  return (
    <>
      {label ? (
        <Paragraph>
          <strong>{label}</strong>
        </Paragraph>
      ) : null}
      <blockquote style={styles.quote}>{createElement(Fragment, null, ...paragraphs)}</blockquote>
    </>
  );
}

/** "L'équipe {site}", and in the text version the site's address under it. */
export function Signature({ ctx, withUrl = true }: { ctx: MailContext; withUrl?: boolean }) {
  return (
    <Paragraph>
      {`L’équipe ${ctx.siteName}`}
      {withUrl ? (
        <TextOnly>
          <br />
          {ctx.siteUrl}
        </TextOnly>
      ) : null}
    </Paragraph>
  );
}
