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

function actionMail(
  ctx: MailContext,
  to: string,
  template: string,
  subject: string,
  intro: string,
  action: { label: string; url: string },
  outro: string,
): OutgoingMail {
  return {
    to,
    subject,
    text: `Bonjour,\n\n${intro}\n\n${action.label} : ${action.url}\n\n${outro}\n\nL'équipe ${ctx.siteName}\n${ctx.siteUrl}\n`,
    html: layout(
      ctx,
      `<p>Bonjour,</p><p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#475569">Si le bouton ne fonctionne pas, copiez ce lien : ${escapeHtml(action.url)}</p>
<p>${escapeHtml(outro)}</p>`,
    ),
    template,
  };
}

export function verifyEmailMail(ctx: MailContext, to: string, url: string): OutgoingMail {
  return actionMail(
    ctx,
    to,
    'verify-email',
    `Confirmez votre adresse email - ${ctx.siteName}`,
    `Bienvenue sur ${ctx.siteName} ! Confirmez votre adresse email pour activer votre compte.`,
    { label: 'Confirmer mon email', url },
    "Si vous n'avez pas créé de compte, ignorez ce message.",
  );
}

export function resetPasswordMail(ctx: MailContext, to: string, url: string): OutgoingMail {
  return actionMail(
    ctx,
    to,
    'reset-password',
    `Réinitialisation de votre mot de passe - ${ctx.siteName}`,
    'Vous avez demandé à réinitialiser votre mot de passe. Ce lien est valable une heure et ne sert qu’une fois.',
    { label: 'Choisir un nouveau mot de passe', url },
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
  );
}

export function signInCodeMail(ctx: MailContext, to: string, code: string): OutgoingMail {
  return {
    to,
    subject: `Votre code de connexion : ${code} - ${ctx.siteName}`,
    text: `Bonjour,\n\nVotre code de connexion à ${ctx.siteName} est : ${code}\n\nIl est valable 5 minutes. Si vous n'avez rien demandé, ignorez ce message.\n\nL'équipe ${ctx.siteName}\n`,
    html: layout(
      ctx,
      `<p>Bonjour,</p><p>Votre code de connexion est :</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(code)}</p>
<p>Il est valable 5 minutes. Si vous n'avez rien demandé, ignorez ce message.</p>`,
    ),
    template: 'sign-in-code',
  };
}

/** The author of a job offer hears of each application; answering the mail replies to the applicant. */
export function jobApplicationMail(
  ctx: MailContext,
  application: {
    to: string;
    jobTitle: string;
    applicantName: string;
    applicantCompany: string | null;
    applicantEmail: string;
    message: string;
  },
): OutgoingMail {
  const url = new URL('/careers', ctx.siteUrl).toString();
  const who = application.applicantCompany
    ? `${application.applicantName} (${application.applicantCompany})`
    : application.applicantName;
  const subject = `Nouvelle candidature pour « ${application.jobTitle} » - ${ctx.siteName}`;
  const text = `Bonjour,

${who} a postulé à votre offre « ${application.jobTitle} ».

Son message :
${application.message}

Retrouvez toutes les candidatures reçues sur ${url}
Pour répondre au candidat, répondez simplement à ce message.

L'équipe ${ctx.siteName}
${ctx.siteUrl}
`;
  return {
    to: application.to,
    replyTo: application.applicantEmail,
    subject,
    text,
    html: layout(
      ctx,
      `<p>Bonjour,</p>
<p><strong>${escapeHtml(who)}</strong> a postulé à votre offre « ${escapeHtml(application.jobTitle)} ».</p>
<p><strong>Son message :</strong></p>
<blockquote style="border-left:3px solid #1d4ed8;margin:0;padding-left:12px">${paragraphs(application.message)}</blockquote>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">Voir les candidatures</a></p>
<p style="font-size:13px;color:#475569">Pour répondre au candidat, répondez simplement à ce message.</p>`,
    ),
    template: 'job-application',
  };
}
