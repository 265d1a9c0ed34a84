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
