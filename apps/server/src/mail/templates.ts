import { type ContactMessage, formatEventDateTime } from '@synergie/shared';
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

// ---------------------------------------------------------------------------
// Events: the organizer hears of each registration, registrants of a change or a cancellation.
// ---------------------------------------------------------------------------

interface MailEvent {
  title: string;
  date: string;
  time: string;
  location: string;
}

const eventWhen = (event: MailEvent) => formatEventDateTime(event.date, event.time);

function eventMail(
  ctx: MailContext,
  to: string,
  subject: string,
  lines: string[],
  template: string,
  htmlLines: string[],
): OutgoingMail {
  const url = new URL('/events', ctx.siteUrl).toString();
  const text = `Bonjour,

${lines.join('\n')}

Retrouvez les événements du réseau sur ${url}

L'équipe ${ctx.siteName}
${ctx.siteUrl}
`;
  return {
    to,
    subject,
    text,
    html: layout(
      ctx,
      `<p>Bonjour,</p>
${htmlLines.map((line) => `<p>${line}</p>`).join('\n')}
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">Voir les événements</a></p>`,
    ),
    template,
  };
}

export function eventRegistrationMail(
  ctx: MailContext,
  data: { to: string; event: MailEvent; registrantName: string },
): OutgoingMail {
  const { event } = data;
  return eventMail(
    ctx,
    data.to,
    `Nouvelle inscription à « ${event.title} » - ${ctx.siteName}`,
    [`${data.registrantName} s'est inscrit à votre événement « ${event.title} » du ${eventWhen(event)}.`],
    'event-registration',
    [
      `<strong>${escapeHtml(data.registrantName)}</strong> s'est inscrit à votre événement « ${escapeHtml(event.title)} » du ${escapeHtml(eventWhen(event))}.`,
    ],
  );
}

export function eventChangedMail(
  ctx: MailContext,
  data: { to: string; before: MailEvent; after: MailEvent },
): OutgoingMail {
  const { before, after } = data;
  return eventMail(
    ctx,
    data.to,
    `Événement modifié : « ${after.title} » - ${ctx.siteName}`,
    [
      `L'événement « ${before.title} » auquel vous êtes inscrit a été modifié.`,
      '',
      `Titre : ${after.title}`,
      `Date : ${eventWhen(after)}`,
      `Lieu : ${after.location}`,
    ],
    'event-changed',
    [
      `L'événement « ${escapeHtml(before.title)} » auquel vous êtes inscrit a été modifié.`,
      `<strong>Titre :</strong> ${escapeHtml(after.title)}<br><strong>Date :</strong> ${escapeHtml(eventWhen(after))}<br><strong>Lieu :</strong> ${escapeHtml(after.location)}`,
    ],
  );
}

export function eventCancelledMail(ctx: MailContext, data: { to: string; event: MailEvent }): OutgoingMail {
  const { event } = data;
  return eventMail(
    ctx,
    data.to,
    `Événement annulé : « ${event.title} » - ${ctx.siteName}`,
    [
      `L'événement « ${event.title} » du ${eventWhen(event)} (${event.location}), auquel vous étiez inscrit, est annulé.`,
    ],
    'event-cancelled',
    [
      `L'événement « ${escapeHtml(event.title)} » du ${escapeHtml(eventWhen(event))} (${escapeHtml(event.location)}), auquel vous étiez inscrit, est annulé.`,
    ],
  );
}

/** The member asked hears of a contact request (directory); they answer it on /members. */
export function contactRequestMail(
  ctx: MailContext,
  request: {
    to: string;
    requesterName: string;
    requesterCompany: string | null;
    requesterProfession: string | null;
    message: string | null;
  },
): OutgoingMail {
  const url = new URL('/members', ctx.siteUrl).toString();
  const details = [request.requesterProfession, request.requesterCompany].filter(Boolean).join(', ');
  const who = details ? `${request.requesterName} (${details})` : request.requesterName;
  const subject = `Nouvelle demande de contact de ${request.requesterName} - ${ctx.siteName}`;
  const text = `Bonjour,

${who} souhaite entrer en contact avec vous sur ${ctx.siteName}.
${request.message ? `\nSon message :\n${request.message}\n` : ''}
Acceptez ou refusez sa demande sur ${url}
En l'acceptant, un projet commun est créé dans votre espace Mes projets.

L'équipe ${ctx.siteName}
${ctx.siteUrl}
`;
  return {
    to: request.to,
    subject,
    text,
    html: layout(
      ctx,
      `<p>Bonjour,</p>
<p><strong>${escapeHtml(who)}</strong> souhaite entrer en contact avec vous.</p>
${request.message ? `<p><strong>Son message :</strong></p><blockquote style="border-left:3px solid #1d4ed8;margin:0;padding-left:12px">${paragraphs(request.message)}</blockquote>` : ''}
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">Voir la demande</a></p>
<p style="font-size:13px;color:#475569">En l'acceptant, un projet commun est créé dans votre espace Mes projets.</p>`,
    ),
    template: 'contact-request',
  };
}

/** Both members hear that a contact request was accepted and their shared project created. */
export function contactAcceptedMail(
  ctx: MailContext,
  accepted: { to: string; partnerName: string; projectTitle: string; accepted: 'by-partner' | 'by-you' },
): OutgoingMail {
  const url = new URL('/my-projects', ctx.siteUrl).toString();
  const intro =
    accepted.accepted === 'by-partner'
      ? `${accepted.partnerName} a accepté votre demande de contact.`
      : `Vous avez accepté la demande de contact de ${accepted.partnerName}.`;
  const subject = `Demande de contact acceptée - ${ctx.siteName}`;
  const text = `Bonjour,

${intro}
Votre projet commun « ${accepted.projectTitle} » vous attend dans Mes projets : ${url}

L'équipe ${ctx.siteName}
${ctx.siteUrl}
`;
  return {
    to: accepted.to,
    subject,
    text,
    html: layout(
      ctx,
      `<p>Bonjour,</p>
<p>${escapeHtml(intro)}</p>
<p>Votre projet commun « ${escapeHtml(accepted.projectTitle)} » vous attend dans Mes projets.</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">Ouvrir Mes projets</a></p>`,
    ),
    template: 'contact-accepted',
  };
}
