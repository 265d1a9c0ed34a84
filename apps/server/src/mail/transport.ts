import type { Transporter } from 'nodemailer';

export interface TransportMail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** Our outbox id: the SMTP Message-ID is derived from it, so receivers can spot a resend. */
  messageId: string;
}

export interface MailTransport {
  /** Resolves with the final status of the mail, throws to have it retried. */
  send(mail: TransportMail): Promise<'sent' | 'kept'>;
  close(): void;
}

export function smtpTransport(url: string, from: string, siteHost: string): MailTransport {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  // nodemailer is loaded at the first mail sent rather than at start-up (docs/performance.md,
  // "Memory and start").
  let transporter: Promise<Transporter> | undefined;
  let closed = false;
  const connect = async () => {
    const { default: nodemailer } = await import('nodemailer');
    const created = nodemailer.createTransport(options);
    if (closed) created.close();
    return created;
  };
  const options = {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    auth: parsed.username
      ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
      : undefined,
    // smtp:// upgrades with STARTTLS when the server offers it (nodemailer's default) and sends in
    // plain text otherwise, which suits an unauthenticated relay. With a password, insist on the
    // upgrade: whoever strips STARTTLS from the greeting must not get the password in clear.
    requireTLS: !secure && parsed.username !== '',
    // ?tls=insecure accepts a self-signed certificate (a local relay), never the default.
    tls: parsed.searchParams.get('tls') === 'insecure' ? { rejectUnauthorized: false } : undefined,
    // Bounded waits: a hung server must not hold a claimed mail past its lease.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
  return {
    async send(mail) {
      transporter ??= connect();
      await (await transporter).sendMail({
        from,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
        messageId: `<${mail.messageId}@${siteHost}>`,
      });
      return 'sent';
    },
    close() {
      closed = true;
      void transporter?.then((created) => created.close());
    },
  };
}

/** No SMTP server configured: the mail stays in the outbox, readable in /dev/mailbox. */
export function keepTransport(): MailTransport {
  return {
    async send() {
      return 'kept';
    },
    close() {},
  };
}
