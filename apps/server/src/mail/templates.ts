import type { ContactMessage } from '@synergie/shared';
import type { OutgoingMail } from './outbox';

export interface MailContext {
  siteName: string;
  siteUrl: string;
  contactEmail: string;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A plain, readable HTML body; every interpolated value is escaped by the caller. */
function layout(ctx: MailContext, bodyHtml: string): string {
  return `<!doctype html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#1e293b;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:24px">
<p style="font-size:20px;font-weight:bold;color:#1d4ed8">${escapeHtml(ctx.siteName)}</p>
${bodyHtml}
<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0">
<p style="font-size:12px;color:#64748b">${escapeHtml(ctx.siteName)} - <a href="${escapeHtml(ctx.siteUrl)}">${escapeHtml(ctx.siteUrl)}</a></p>
</div></body></html>`;
}

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

/** The site owner receives the message; answering it replies to the sender. */
export function contactToOwnerMail(ctx: MailContext, message: ContactMessage): OutgoingMail {
  const subject = `Nouveau message de contact de ${message.name}`;
  const text = `Nouveau message reçu depuis le formulaire de contact de ${ctx.siteName}.

Nom : ${message.name}
Email : ${message.email}

${message.message}
`;
  return {
    to: ctx.contactEmail,
    replyTo: message.email,
    subject,
    text,
    html: layout(
      ctx,
      `<p>Nouveau message reçu depuis le formulaire de contact.</p>
<p><strong>Nom :</strong> ${escapeHtml(message.name)}<br><strong>Email :</strong> ${escapeHtml(message.email)}</p>
<blockquote style="border-left:3px solid #1d4ed8;margin:0;padding-left:12px">${paragraphs(message.message)}</blockquote>`,
    ),
    template: 'contact-owner',
  };
}

/** The sender's confirmation, as the success toast promises. */
export function contactConfirmationMail(ctx: MailContext, message: ContactMessage): OutgoingMail {
  const subject = `Nous avons bien reçu votre message - ${ctx.siteName}`;
  const text = `Bonjour ${message.name},

Merci pour votre message. Notre équipe l'a bien reçu et vous répondra dans les meilleurs délais.

Votre message :
${message.message}

L'équipe ${ctx.siteName}
${ctx.siteUrl}
`;
  return {
    to: message.email,
    subject,
    text,
    html: layout(
      ctx,
      `<p>Bonjour ${escapeHtml(message.name)},</p>
<p>Merci pour votre message. Notre équipe l'a bien reçu et vous répondra dans les meilleurs délais.</p>
<p><strong>Votre message :</strong></p>
<blockquote style="border-left:3px solid #1d4ed8;margin:0;padding-left:12px">${paragraphs(message.message)}</blockquote>
<p>L'équipe ${escapeHtml(ctx.siteName)}</p>`,
    ),
    template: 'contact-confirmation',
  };
}
