/** @jsxRuntime automatic @jsxImportSource react */
// The contact form's mails: the message to the site owner, the sender's confirmation. See
// render.tsx for the pragma above.
import type { ContactMessage } from '@synergie/shared';
import { type MailContext, MailLayout, Paragraph, QuotedMessage, Signature } from './components';
import type { OutgoingMail } from './outbox';
import { renderMail, useMailMode } from './render';

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
        <strong>{'Nom\u00a0:'}</strong> {message.name}
        <br />
        <strong>{'Email\u00a0:'}</strong> {message.email}
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
        Merci pour votre message. Notre équipe l’a bien reçu et vous répondra dans les meilleurs délais.
      </Paragraph>
      <QuotedMessage label={'Votre message\u00a0:'} text={message.message} />
      <Signature ctx={ctx} />
    </MailLayout>
  );
}
