/** @jsxRuntime automatic @jsxImportSource react */
// Every mail the site sends: a React Email tree rendered to HTML and to its plain-text version
// (render.tsx). React escapes what members wrote; see render.tsx for the pragma above.
import { type ContactMessage, formatDateTime, formatEventDateTime } from '@synergie/shared';
import type { ReactNode } from 'react';
import {
  ActionButton,
  Code,
  type MailContext,
  MailLayout,
  type MailUnsubscribe,
  Note,
  Paragraph,
  QuotedMessage,
  Signature,
} from './components';
import type { OutgoingMail } from './outbox';
import { HtmlOnly, renderMail, TextOnly, useMailMode } from './render';

export type { MailContext } from './components';

/** The site owner receives the message; answering it replies to the sender. */
export function contactToOwnerMail(ctx: MailContext, message: ContactMessage): OutgoingMail {
  return {
    to: ctx.contactEmail,
    replyTo: message.email,
    subject: `Nouveau message de contact de ${message.name}`,
    ...renderMail(<ContactToOwner ctx={ctx} message={message} />),
    template: 'contact-owner',
  };
}

function ContactToOwner({ ctx, message }: { ctx: MailContext; message: ContactMessage }) {
  const text = useMailMode() === 'text';
  return (
    <MailLayout ctx={ctx}>
      <Paragraph>
        {text
          ? `Nouveau message reçu depuis le formulaire de contact de ${ctx.siteName}.`
          : 'Nouveau message reçu depuis le formulaire de contact.'}
      </Paragraph>
      <Paragraph>
        <strong>Nom :</strong> {message.name}
        <br />
        <strong>Email :</strong> {message.email}
      </Paragraph>
      <QuotedMessage text={message.message} />
    </MailLayout>
  );
}

/** The sender's confirmation, as the success toast promises. */
export function contactConfirmationMail(ctx: MailContext, message: ContactMessage): OutgoingMail {
  return {
    to: message.email,
    subject: `Nous avons bien reçu votre message - ${ctx.siteName}`,
    ...renderMail(<ContactConfirmation ctx={ctx} message={message} />),
    template: 'contact-confirmation',
  };
}

function ContactConfirmation({ ctx, message }: { ctx: MailContext; message: ContactMessage }) {
  return (
    <MailLayout ctx={ctx}>
      <Paragraph>{`Bonjour ${message.name},`}</Paragraph>
      <Paragraph>
        Merci pour votre message. Notre équipe l'a bien reçu et vous répondra dans les meilleurs délais.
      </Paragraph>
      <QuotedMessage label="Votre message :" text={message.message} />
      <Signature ctx={ctx} />
    </MailLayout>
  );
}

interface ActionMailProps {
  ctx: MailContext;
  intro: string;
  action: { label: string; url: string };
  outro: string;
}

/** A mail whose point is one link: a button in HTML, the address written out in text. */
function ActionMail({ ctx, intro, action, outro }: ActionMailProps) {
  return (
    <MailLayout ctx={ctx}>
      <Paragraph>Bonjour,</Paragraph>
      <Paragraph>{intro}</Paragraph>
      <HtmlOnly>
        <ActionButton href={action.url}>{action.label}</ActionButton>
        <Note>{`Si le bouton ne fonctionne pas, copiez ce lien : ${action.url}`}</Note>
      </HtmlOnly>
      <TextOnly>
        <Paragraph>{`${action.label} : ${action.url}`}</Paragraph>
      </TextOnly>
      <Paragraph>{outro}</Paragraph>
      <TextOnly>
        <Signature ctx={ctx} />
      </TextOnly>
    </MailLayout>
  );
}

export function verifyEmailMail(ctx: MailContext, to: string, url: string): OutgoingMail {
  return {
    to,
    subject: `Confirmez votre adresse email - ${ctx.siteName}`,
    ...renderMail(
      <ActionMail
        ctx={ctx}
        intro={`Bienvenue sur ${ctx.siteName} ! Confirmez votre adresse email pour activer votre compte.`}
        action={{ label: 'Confirmer mon email', url }}
        outro="Si vous n'avez pas créé de compte, ignorez ce message."
      />,
    ),
    template: 'verify-email',
  };
}

export function resetPasswordMail(ctx: MailContext, to: string, url: string): OutgoingMail {
  return {
    to,
    subject: `Réinitialisation de votre mot de passe - ${ctx.siteName}`,
    ...renderMail(
      <ActionMail
        ctx={ctx}
        intro="Vous avez demandé à réinitialiser votre mot de passe. Ce lien est valable une heure et ne sert qu’une fois."
        action={{ label: 'Choisir un nouveau mot de passe', url }}
        outro="Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé."
      />,
    ),
    template: 'reset-password',
  };
}

export function signInCodeMail(ctx: MailContext, to: string, code: string): OutgoingMail {
  return {
    to,
    subject: `Votre code de connexion : ${code} - ${ctx.siteName}`,
    ...renderMail(<SignInCode ctx={ctx} code={code} />),
    template: 'sign-in-code',
  };
}

function SignInCode({ ctx, code }: { ctx: MailContext; code: string }) {
  return (
    <MailLayout ctx={ctx}>
      <Paragraph>Bonjour,</Paragraph>
      <HtmlOnly>
        <Paragraph>Votre code de connexion est :</Paragraph>
        <Code>{code}</Code>
      </HtmlOnly>
      <TextOnly>
        <Paragraph>{`Votre code de connexion à ${ctx.siteName} est : ${code}`}</Paragraph>
      </TextOnly>
      <Paragraph>Il est valable 5 minutes. Si vous n'avez rien demandé, ignorez ce message.</Paragraph>
      <TextOnly>
        <Signature ctx={ctx} withUrl={false} />
      </TextOnly>
    </MailLayout>
  );
}

interface JobApplication {
  to: string;
  jobTitle: string;
  applicantName: string;
  applicantCompany: string | null;
  applicantEmail: string;
  message: string;
}

/** The author of a job offer hears of each application; answering the mail replies to the applicant. */
export function jobApplicationMail(ctx: MailContext, application: JobApplication): OutgoingMail {
  return {
    to: application.to,
    replyTo: application.applicantEmail,
    subject: `Nouvelle candidature pour « ${application.jobTitle} » - ${ctx.siteName}`,
    ...renderMail(<JobApplicationReceived ctx={ctx} application={application} />),
    template: 'job-application',
  };
}

function JobApplicationReceived({ ctx, application }: { ctx: MailContext; application: JobApplication }) {
  const url = new URL('/careers', ctx.siteUrl).toString();
  const who = application.applicantCompany
    ? `${application.applicantName} (${application.applicantCompany})`
    : application.applicantName;
  const reply = 'Pour répondre au candidat, répondez simplement à ce message.';
  return (
    <MailLayout ctx={ctx}>
      <Paragraph>Bonjour,</Paragraph>
      <Paragraph>
        <strong>{who}</strong>
        {` a postulé à votre offre « ${application.jobTitle} ».`}
      </Paragraph>
      <QuotedMessage label="Son message :" text={application.message} />
      <HtmlOnly>
        <ActionButton href={url}>Voir les candidatures</ActionButton>
        <Note>{reply}</Note>
      </HtmlOnly>
      <TextOnly>
        <Paragraph>
          {`Retrouvez toutes les candidatures reçues sur ${url}`}
          <br />
          {reply}
        </Paragraph>
        <Signature ctx={ctx} />
      </TextOnly>
    </MailLayout>
  );
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
    subject: `Nouvelle inscription à « ${event.title} » - ${ctx.siteName}`,
    ...renderMail(
      <EventMail ctx={ctx}>
        <Paragraph>
          <strong>{data.registrantName}</strong>
          {` s'est inscrit à votre événement « ${event.title} » du ${eventWhen(event)}.`}
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
    subject: `Événement modifié : « ${after.title} » - ${ctx.siteName}`,
    ...renderMail(
      <EventMail ctx={ctx}>
        <Paragraph>{`L'événement « ${before.title} » auquel vous êtes inscrit a été modifié.`}</Paragraph>
        <Paragraph>
          <strong>Titre :</strong> {after.title}
          <br />
          <strong>Date :</strong> {eventWhen(after)}
          <br />
          <strong>Lieu :</strong> {after.location}
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
    subject: `Événement annulé : « ${event.title} » - ${ctx.siteName}`,
    ...renderMail(
      <EventMail ctx={ctx}>
        <Paragraph>
          {`L'événement « ${event.title} » du ${eventWhen(event)} (${event.location}), auquel vous étiez inscrit, est annulé.`}
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
    subject: `Rappel\u202f: «\u00a0${event.title}\u00a0» a lieu demain - ${ctx.siteName}`,
    ...renderMail(
      <EventMail ctx={ctx}>
        <Paragraph>
          {`Vous êtes inscrit à l'événement «\u00a0${event.title}\u00a0», le ${eventWhen(event)} (${event.location}).${guests}`}
        </Paragraph>
        <Paragraph>
          {
            "Si vous ne pouvez plus venir, annulez votre inscription sur la page des événements\u202f: votre place ira au premier de la liste d'attente."
          }
        </Paragraph>
      </EventMail>,
    ),
    template: 'event-reminder',
  };
}

// ---------------------------------------------------------------------------
// Directory: contact requests and the shared project they open.
// ---------------------------------------------------------------------------

interface ContactRequest {
  to: string;
  requesterName: string;
  requesterCompany: string | null;
  requesterProfession: string | null;
  message: string | null;
}

/** The member asked hears of a contact request (directory); they answer it on /members. */
export function contactRequestMail(ctx: MailContext, request: ContactRequest): OutgoingMail {
  return {
    to: request.to,
    subject: `Nouvelle demande de contact de ${request.requesterName} - ${ctx.siteName}`,
    ...renderMail(<ContactRequestReceived ctx={ctx} request={request} />),
    template: 'contact-request',
  };
}

function ContactRequestReceived({ ctx, request }: { ctx: MailContext; request: ContactRequest }) {
  const text = useMailMode() === 'text';
  const url = new URL('/members', ctx.siteUrl).toString();
  const details = [request.requesterProfession, request.requesterCompany].filter(Boolean).join(', ');
  const who = details ? `${request.requesterName} (${details})` : request.requesterName;
  const accepting = "En l'acceptant, un projet commun est créé dans votre espace Mes projets.";
  return (
    <MailLayout ctx={ctx}>
      <Paragraph>Bonjour,</Paragraph>
      <Paragraph>
        <strong>{who}</strong>
        {text ? ` souhaite entrer en contact avec vous sur ${ctx.siteName}.` : ' souhaite entrer en contact avec vous.'}
      </Paragraph>
      {request.message ? <QuotedMessage label="Son message :" text={request.message} /> : null}
      <HtmlOnly>
        <ActionButton href={url}>Voir la demande</ActionButton>
        <Note>{accepting}</Note>
      </HtmlOnly>
      <TextOnly>
        <Paragraph>
          {`Acceptez ou refusez sa demande sur ${url}`}
          <br />
          {accepting}
        </Paragraph>
        <Signature ctx={ctx} />
      </TextOnly>
    </MailLayout>
  );
}

interface ContactAccepted {
  to: string;
  partnerName: string;
  projectTitle: string;
  accepted: 'by-partner' | 'by-you';
}

/** Both members hear that a contact request was accepted and their shared project created. */
export function contactAcceptedMail(ctx: MailContext, accepted: ContactAccepted): OutgoingMail {
  return {
    to: accepted.to,
    subject: `Demande de contact acceptée - ${ctx.siteName}`,
    ...renderMail(<ContactRequestAccepted ctx={ctx} accepted={accepted} />),
    template: 'contact-accepted',
  };
}

function ContactRequestAccepted({ ctx, accepted }: { ctx: MailContext; accepted: ContactAccepted }) {
  const url = new URL('/my-projects', ctx.siteUrl).toString();
  const intro =
    accepted.accepted === 'by-partner'
      ? `${accepted.partnerName} a accepté votre demande de contact.`
      : `Vous avez accepté la demande de contact de ${accepted.partnerName}.`;
  const project = `Votre projet commun « ${accepted.projectTitle} » vous attend dans Mes projets`;
  return (
    <MailLayout ctx={ctx}>
      <Paragraph>Bonjour,</Paragraph>
      <HtmlOnly>
        <Paragraph>{intro}</Paragraph>
        <Paragraph>{`${project}.`}</Paragraph>
        <ActionButton href={url}>Ouvrir Mes projets</ActionButton>
      </HtmlOnly>
      <TextOnly>
        <Paragraph>
          {intro}
          <br />
          {`${project} : ${url}`}
        </Paragraph>
        <Signature ctx={ctx} />
      </TextOnly>
    </MailLayout>
  );
}

// ---------------------------------------------------------------------------
// Groups (network-core §2): applications, objections, decisions, removal.
// ---------------------------------------------------------------------------

interface MailGroup {
  name: string;
  slug: string;
}

/** What every group mail says around its own lines: the link to the group's page. */
function GroupMail({
  ctx,
  group,
  unsubscribe,
  children,
}: {
  ctx: MailContext;
  group: MailGroup;
  /** Mails sent as notifications (network-core §8): their kind's unsubscribe link. */
  unsubscribe?: MailUnsubscribe;
  children: ReactNode;
}) {
  const url = new URL(`/groupes/${encodeURIComponent(group.slug)}`, ctx.siteUrl).toString();
  return (
    <MailLayout ctx={ctx} unsubscribe={unsubscribe}>
      <Paragraph>Bonjour,</Paragraph>
      {children}
      <HtmlOnly>
        <ActionButton href={url}>Voir le groupe</ActionButton>
      </HtmlOnly>
      <TextOnly>
        <Paragraph>{`Le groupe ${group.name}\u202f: ${url}`}</Paragraph>
        <Signature ctx={ctx} />
      </TextOnly>
    </MailLayout>
  );
}

/** The group's leaders hear of a new application (Candidature) for a seat. */
export function groupApplicationMail(
  ctx: MailContext,
  data: {
    to: string;
    group: MailGroup;
    applicantName: string;
    tradeLabel: string;
    message: string | null;
    unsubscribe?: MailUnsubscribe;
  },
): OutgoingMail {
  return {
    to: data.to,
    subject: `Nouvelle candidature pour ${data.group.name} - ${ctx.siteName}`,
    ...renderMail(
      <GroupMail ctx={ctx} group={data.group} unsubscribe={data.unsubscribe}>
        <Paragraph>
          <strong>{data.applicantName}</strong>
          {` (${data.tradeLabel}) postule au siège de son métier dans votre groupe «\u00a0${data.group.name}\u00a0».`}
        </Paragraph>
        {data.message ? <QuotedMessage label={'Son message\u202f:'} text={data.message} /> : null}
        <Paragraph>
          Les membres du groupe peuvent faire objection pendant 7 jours. Acceptez ou refusez la candidature depuis la
          page des responsables.
        </Paragraph>
      </GroupMail>,
    ),
    template: 'group-application',
  };
}

/** The leaders, and only them, hear of an objection with its reason. */
export function groupObjectionMail(
  ctx: MailContext,
  data: {
    to: string;
    group: MailGroup;
    applicantName: string;
    objectorName: string;
    reason: string;
    unsubscribe?: MailUnsubscribe;
  },
): OutgoingMail {
  return {
    to: data.to,
    subject: `Objection à une candidature - ${data.group.name}`,
    ...renderMail(
      <GroupMail ctx={ctx} group={data.group} unsubscribe={data.unsubscribe}>
        <Paragraph>
          <strong>{data.objectorName}</strong>
          {` a fait objection à la candidature de ${data.applicantName}.`}
        </Paragraph>
        <QuotedMessage label={'Sa raison\u202f:'} text={data.reason} />
        <Note>Les objections ne sont visibles que des responsables du groupe.</Note>
      </GroupMail>,
    ),
    template: 'group-objection',
  };
}

/** The applicant hears of the leader's decision, with the leader's message. */
export function groupApplicationDecisionMail(
  ctx: MailContext,
  data: {
    to: string;
    group: MailGroup;
    accepted: boolean;
    tradeLabel: string;
    message: string | null;
    unsubscribe?: MailUnsubscribe;
  },
): OutgoingMail {
  const subject = data.accepted
    ? `Bienvenue dans ${data.group.name} - ${ctx.siteName}`
    : `Votre candidature à ${data.group.name} - ${ctx.siteName}`;
  return {
    to: data.to,
    subject,
    ...renderMail(
      <GroupMail ctx={ctx} group={data.group} unsubscribe={data.unsubscribe}>
        <Paragraph>
          {data.accepted
            ? `Votre candidature au groupe «\u00a0${data.group.name}\u00a0» est acceptée\u202f: vous y occupez désormais le siège ${data.tradeLabel}.`
            : `Votre candidature au groupe «\u00a0${data.group.name}\u00a0» n'a pas été retenue.`}
        </Paragraph>
        {data.message ? <QuotedMessage label={'Le message du responsable\u202f:'} text={data.message} /> : null}
      </GroupMail>,
    ),
    template: data.accepted ? 'group-application-accepted' : 'group-application-refused',
  };
}

/** A member removed by a leader hears of it, with the reason kept in the group's history. */
export function groupMemberRemovedMail(
  ctx: MailContext,
  data: { to: string; group: MailGroup; reason: string },
): OutgoingMail {
  return {
    to: data.to,
    subject: `Vous ne faites plus partie de ${data.group.name} - ${ctx.siteName}`,
    ...renderMail(
      <GroupMail ctx={ctx} group={data.group}>
        <Paragraph>{`Un responsable du groupe «\u00a0${data.group.name}\u00a0» vous a retiré du groupe.`}</Paragraph>
        <QuotedMessage label={'La raison\u202f:'} text={data.reason} />
        <Paragraph>Vos recommandations et votre historique restent les vôtres.</Paragraph>
      </GroupMail>,
    ),
    template: 'group-member-removed',
  };
}

// ---------------------------------------------------------------------------
// Groups: seat offers to the first in a waiting list (network-core §2).
// ---------------------------------------------------------------------------

interface SeatOffer {
  to: string;
  groupName: string;
  tradeLabel: string;
  /** The offer's end, written in Paris time. */
  expiresAt: Date;
  /** Sent as a notification (network-core §8): the kind's unsubscribe link. */
  unsubscribe?: MailUnsubscribe;
}

/** What every seat mail says around its own lines: the link to the member's group space. */
function SeatMail({
  ctx,
  action,
  unsubscribe,
  children,
}: {
  ctx: MailContext;
  action: string;
  unsubscribe?: MailUnsubscribe;
  children: ReactNode;
}) {
  const url = new URL('/mon-groupe', ctx.siteUrl).toString();
  return (
    <MailLayout ctx={ctx} unsubscribe={unsubscribe}>
      <Paragraph>Bonjour,</Paragraph>
      {children}
      <HtmlOnly>
        <ActionButton href={url}>{action}</ActionButton>
      </HtmlOnly>
      <TextOnly>
        <Paragraph>{`${action}\u202f: ${url}`}</Paragraph>
        <Signature ctx={ctx} />
      </TextOnly>
    </MailLayout>
  );
}

/** The first in line is offered the freed seat for 7 days. */
export function seatOfferMail(ctx: MailContext, offer: SeatOffer): OutgoingMail {
  return {
    to: offer.to,
    subject: `Un siège se libère dans le groupe «\u00a0${offer.groupName}\u00a0» - ${ctx.siteName}`,
    ...renderMail(
      <SeatMail ctx={ctx} action="Répondre à l’offre" unsubscribe={offer.unsubscribe}>
        <Paragraph>
          {`Le siège «\u00a0${offer.tradeLabel}\u00a0» du groupe «\u00a0${offer.groupName}\u00a0» est libre et vous êtes le premier sur la liste d'attente.`}
        </Paragraph>
        <Paragraph>
          {`Il vous est réservé jusqu’au ${formatDateTime(offer.expiresAt)}. Acceptez-le depuis votre espace Mon groupe, ou déclinez-le pour le laisser au suivant. Sans réponse, il sera proposé au suivant sur la liste.`}
        </Paragraph>
      </SeatMail>,
    ),
    template: 'seat-offer',
  };
}

/** The offer ended without an answer: the seat went to the next in line. */
export function seatOfferExpiredMail(ctx: MailContext, offer: Omit<SeatOffer, 'expiresAt'>): OutgoingMail {
  return {
    to: offer.to,
    subject: `Votre offre de siège a expiré - ${ctx.siteName}`,
    ...renderMail(
      <SeatMail ctx={ctx} action="Voir mon groupe" unsubscribe={offer.unsubscribe}>
        <Paragraph>
          {`L’offre du siège «\u00a0${offer.tradeLabel}\u00a0» du groupe «\u00a0${offer.groupName}\u00a0» a expiré sans réponse\u202f: le siège est proposé au suivant sur la liste d'attente.`}
        </Paragraph>
      </SeatMail>,
    ),
    template: 'seat-offer-expired',
  };
}
