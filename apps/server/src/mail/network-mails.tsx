/** @jsxRuntime automatic @jsxImportSource react */
// Directory: contact requests and the shared project they open (domain/network.ts). See
// render.tsx for the pragma above.
import { ActionButton, type MailContext, MailLayout, Note, Paragraph, QuotedMessage, Signature } from './components';
import type { OutgoingMail } from './outbox';
import { HtmlOnly, renderMail, TextOnly, useMailMode } from './render';

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
  const accepting = 'En l’acceptant, un projet commun est créé dans votre espace Mes projets.';
  return (
    <MailLayout ctx={ctx}>
      <Paragraph>Bonjour,</Paragraph>
      <Paragraph>
        <strong>{who}</strong>
        {text ? ` souhaite entrer en contact avec vous sur ${ctx.siteName}.` : ' souhaite entrer en contact avec vous.'}
      </Paragraph>
      {request.message ? <QuotedMessage label={'Son message\u00a0:'} text={request.message} /> : null}
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
  const project = `Votre projet commun «\u00a0${accepted.projectTitle}\u00a0» vous attend dans Mes projets`;
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
          {`${project}\u00a0: ${url}`}
        </Paragraph>
        <Signature ctx={ctx} />
      </TextOnly>
    </MailLayout>
  );
}
