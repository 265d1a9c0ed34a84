/** @jsxRuntime automatic @jsxImportSource react */
// The sign-in flows' mails (Better Auth, auth/auth.ts): address check, password reset, sign-in
// code. They carry no member's words. See render.tsx for the pragma above.
import { ActionButton, Code, type MailContext, MailLayout, Note, Paragraph, Signature } from './components';
import type { OutgoingMail } from './outbox';
import { HtmlOnly, renderMail, TextOnly } from './render';

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
        <Note>{`Si le bouton ne fonctionne pas, copiez ce lien\u00a0: ${action.url}`}</Note>
      </HtmlOnly>
      <TextOnly>
        <Paragraph>{`${action.label}\u00a0: ${action.url}`}</Paragraph>
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
        intro={`Bienvenue sur ${ctx.siteName}\u202f! Confirmez votre adresse email pour activer votre compte.`}
        action={{ label: 'Confirmer mon email', url }}
        outro="Si vous n’avez pas créé de compte, ignorez ce message."
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
        outro={
          'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message\u00a0: votre mot de passe reste inchangé.'
        }
      />,
    ),
    template: 'reset-password',
  };
}

export function signInCodeMail(ctx: MailContext, to: string, code: string): OutgoingMail {
  return {
    to,
    subject: `Votre code de connexion\u00a0: ${code} - ${ctx.siteName}`,
    ...renderMail(<SignInCode ctx={ctx} code={code} />),
    template: 'sign-in-code',
  };
}

function SignInCode({ ctx, code }: { ctx: MailContext; code: string }) {
  return (
    <MailLayout ctx={ctx}>
      <Paragraph>Bonjour,</Paragraph>
      <HtmlOnly>
        <Paragraph>{'Votre code de connexion est\u00a0:'}</Paragraph>
        <Code>{code}</Code>
      </HtmlOnly>
      <TextOnly>
        <Paragraph>{`Votre code de connexion à ${ctx.siteName} est\u00a0: ${code}`}</Paragraph>
      </TextOnly>
      <Paragraph>Il est valable 5 minutes. Si vous n’avez rien demandé, ignorez ce message.</Paragraph>
      <TextOnly>
        <Signature ctx={ctx} withUrl={false} />
      </TextOnly>
    </MailLayout>
  );
}

/**
 * Someone signed up with an address that already has an account (issue 33): the sign-up answered
 * as for a new address, and the owner learns it here, with the ways back in.
 */
export function alreadyRegisteredMail(
  ctx: MailContext,
  to: string,
  links: { signIn: string; reset: string },
): OutgoingMail {
  return {
    to,
    subject: `Vous avez déjà un compte - ${ctx.siteName}`,
    ...renderMail(<AlreadyRegistered ctx={ctx} links={links} />),
    template: 'already-registered',
  };
}

function AlreadyRegistered({ ctx, links }: { ctx: MailContext; links: { signIn: string; reset: string } }) {
  return (
    <MailLayout ctx={ctx}>
      <Paragraph>Bonjour,</Paragraph>
      <Paragraph>{`Vous avez déjà un compte sur ${ctx.siteName} avec cette adresse email\u00a0: quelqu’un vient de demander à en créer un nouveau.`}</Paragraph>
      <HtmlOnly>
        <ActionButton href={links.signIn}>Me connecter</ActionButton>
        <Note>{`Si le bouton ne fonctionne pas, copiez ce lien\u00a0: ${links.signIn}`}</Note>
        <Paragraph>{'Mot de passe oublié\u202f? Choisissez-en un nouveau\u00a0:'}</Paragraph>
        <ActionButton href={links.reset}>Réinitialiser mon mot de passe</ActionButton>
        <Note>{`Si le bouton ne fonctionne pas, copiez ce lien\u00a0: ${links.reset}`}</Note>
      </HtmlOnly>
      <TextOnly>
        <Paragraph>{`Me connecter\u00a0: ${links.signIn}`}</Paragraph>
        <Paragraph>{`Mot de passe oublié\u202f? Réinitialiser mon mot de passe\u00a0: ${links.reset}`}</Paragraph>
      </TextOnly>
      <Paragraph>
        {'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message\u00a0: votre compte reste inchangé.'}
      </Paragraph>
      <TextOnly>
        <Signature ctx={ctx} />
      </TextOnly>
    </MailLayout>
  );
}
