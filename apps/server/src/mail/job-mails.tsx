/** @jsxRuntime automatic @jsxImportSource react */
// The job offers' mail (domain/jobs.ts): an application to its offer's author. See render.tsx
// for the pragma above.
import { ActionButton, type MailContext, MailLayout, Note, Paragraph, QuotedMessage, Signature } from './components';
import type { OutgoingMail } from './outbox';
import { HtmlOnly, renderMail, TextOnly } from './render';

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
    subject: `Nouvelle candidature pour «\u00a0${application.jobTitle}\u00a0» - ${ctx.siteName}`,
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
        {` a postulé à votre offre «\u00a0${application.jobTitle}\u00a0».`}
      </Paragraph>
      <QuotedMessage label={'Son message\u00a0:'} text={application.message} />
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
