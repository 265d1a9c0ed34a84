import { signInMethodMessages } from '@synergie/shared';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Env } from '../env';

/** A text message to one phone number (E.164). */
export interface Sms {
  to: string;
  text: string;
}

/**
 * Sends the one-time sign-in codes by SMS (auth/auth.ts, the phoneNumber plugin). One real
 * implementation (an HTTP SMS API) and one for development (the dev mailbox); chosen by
 * SMS_PROVIDER (docs/settings.md).
 */
export interface SmsSender {
  send(sms: Sms): Promise<void>;
}

/** A refused or failed send, said in French (the member reads it). */
export class SmsError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}

/**
 * A generic HTTP SMS API: `POST SMS_API_URL` with `Authorization: Bearer SMS_API_KEY` and the JSON
 * body `{ "to": "+33612345678", "text": "...", "sender": SMS_SENDER }` (sender only when set);
 * any 2xx answer is a success. Most SMS gateways take this shape, or a small proxy gives it.
 */
export class HttpSmsSender implements SmsSender {
  constructor(
    private readonly options: {
      url: string;
      apiKey: string;
      sender?: string;
      timeoutMs: number;
      fetch?: typeof fetch;
    },
  ) {}

  async send({ to, text }: Sms): Promise<void> {
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(this.options.url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.options.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({ to, text, ...(this.options.sender ? { sender: this.options.sender } : {}) }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new SmsError(
        timedOut ? signInMethodMessages.smsTimeout : signInMethodMessages.smsSendFailed,
        error instanceof Error ? error.message : String(error),
      );
    }
    // The body is not needed; read it so the connection is released.
    const body = await response.text().catch(() => '');
    if (!response.ok) {
      throw new SmsError(signInMethodMessages.smsSendFailed, `HTTP ${response.status}: ${body.slice(0, 200)}`);
    }
  }
}

/**
 * Development: the SMS is written to the dev mailbox (/dev/mailbox, /api/dev/mailbox?to=+336...)
 * as a pseudo-mail addressed to the phone number, template `sms`, already `kept` so the mail
 * worker never tries to send it. Refused in production (env.ts).
 */
export class DevMailboxSmsSender implements SmsSender {
  constructor(private readonly db: Db) {}

  async send({ to, text }: Sms): Promise<void> {
    await this.db.insert(mailOutbox).values({
      to,
      subject: `SMS\u00a0: ${text}`,
      text,
      template: 'sms',
      status: 'kept',
    });
  }
}

/** The sender SMS_PROVIDER names, or null when phone codes are off. */
export function createSmsSender(env: Env, db: Db): SmsSender | null {
  if (env.SMS_PROVIDER === 'http' && env.SMS_API_URL && env.SMS_API_KEY) {
    return new HttpSmsSender({
      url: env.SMS_API_URL,
      apiKey: env.SMS_API_KEY,
      sender: env.SMS_SENDER,
      timeoutMs: env.SMS_TIMEOUT_MS,
    });
  }
  if (env.SMS_PROVIDER === 'dev') return new DevMailboxSmsSender(db);
  return null;
}

/** The text of the sign-in code SMS. */
export function signInCodeSms(siteName: string, code: string): string {
  return `${code} est votre code de connexion ${siteName}. Il expire dans 5 minutes. Ne le communiquez à personne.`;
}
