/** @jsxRuntime automatic @jsxImportSource react */
// The development mailbox's page (routes/dev-mailbox.ts), rendered by React so that every value
// read from the outbox is escaped. See render.tsx for the pragma above.
import { formatCount, formatTimestamp } from '@synergie/shared';
import { createElement, Fragment, type ReactNode } from 'react';
import { renderStaticMarkup } from './render';

export interface MailboxEntry {
  id: string;
  subject: string;
  to: string;
  replyTo: string | null;
  text: string;
  status: string;
  attempts: number;
  createdAt: Date;
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:860px;margin:0 auto;padding:24px;color:#0f172a;background:#f8fafc}
article{background:#fff;border:1px solid #e2e8f0;border-radius:8px;padding:16px;margin:16px 0}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin:0 0 4px}.meta{color:#475569;font-size:.875rem;margin:0 0 8px}
pre{white-space:pre-wrap;word-break:break-word;font-family:inherit;margin:0}a{color:#1d4ed8}`;

/** Links in a plain-text mail become clickable: the verification and reset links of the flows. */
function Linkified({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<]+/g)) {
    parts.push(text.slice(last, match.index), <a href={match[0]}>{match[0]}</a>);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return createElement(Fragment, null, ...parts);
}

function MailItem({ mail }: { mail: MailboxEntry }) {
  return (
    <article>
      <h2>{mail.subject}</h2>
      <p className="meta">
        À : <strong>{mail.to}</strong>
        {mail.replyTo ? ` · Répondre à : ${mail.replyTo}` : ''}
        {` · ${formatTimestamp(mail.createdAt)} · statut : `}
        <span className="status">{mail.status}</span>
        {mail.attempts > 1 ? ` · ${formatCount(mail.attempts, { one: 'tentative', other: 'tentatives' })}` : ''}
      </p>
      <pre>
        <Linkified text={mail.text} />
      </pre>
    </article>
  );
}

export function renderMailboxPage(siteName: string, mails: MailboxEntry[]): string {
  const items: ReactNode[] = mails.map((mail) => <MailItem key={mail.id} mail={mail} />);
  const page = (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`Boîte de réception de développement | ${siteName}`}</title>
        <style>{STYLE}</style>
      </head>
      <body>
        <main>
          <h1>Boîte de réception de développement</h1>
          <p>
            Aucun serveur SMTP n'est configuré (SMTP_URL) : les emails du site sont conservés ici. Cette page n'existe
            pas en production.
          </p>
          {items.length > 0 ? items : <p>Aucun email pour le moment.</p>}
        </main>
      </body>
    </html>
  );
  return `<!doctype html>${renderStaticMarkup(page)}`;
}
