/** @jsxRuntime automatic @jsxImportSource react */
// Groups (network-core §2, domain/groups/): applications, objections, decisions, removal, and the
// seat offers to the first in a waiting list. See render.tsx for the pragma above.
import { formatDateTime } from '@synergie/shared';
import type { ReactNode } from 'react';
import {
  ActionButton,
  type MailContext,
  MailLayout,
  type MailUnsubscribe,
  Note,
  Paragraph,
  QuotedMessage,
  Signature,
} from './components';
import type { OutgoingMail } from './outbox';
import { HtmlOnly, renderMail, TextOnly } from './render';

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
        <Paragraph>{`Le groupe ${group.name}\u00a0: ${url}`}</Paragraph>
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
        {data.message ? <QuotedMessage label={'Son message\u00a0:'} text={data.message} /> : null}
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
        <QuotedMessage label={'Sa raison\u00a0:'} text={data.reason} />
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
            ? `Votre candidature au groupe «\u00a0${data.group.name}\u00a0» est acceptée\u00a0: vous y occupez désormais le siège ${data.tradeLabel}.`
            : `Votre candidature au groupe «\u00a0${data.group.name}\u00a0» n’a pas été retenue.`}
        </Paragraph>
        {data.message ? <QuotedMessage label={'Le message du responsable\u00a0:'} text={data.message} /> : null}
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
        <QuotedMessage label={'La raison\u00a0:'} text={data.reason} />
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
        <Paragraph>{`${action}\u00a0: ${url}`}</Paragraph>
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
          {`Le siège «\u00a0${offer.tradeLabel}\u00a0» du groupe «\u00a0${offer.groupName}\u00a0» est libre et vous êtes le premier sur la liste d’attente.`}
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
          {`L’offre du siège «\u00a0${offer.tradeLabel}\u00a0» du groupe «\u00a0${offer.groupName}\u00a0» a expiré sans réponse\u00a0: le siège est proposé au suivant sur la liste d’attente.`}
        </Paragraph>
      </SeatMail>,
    ),
    template: 'seat-offer-expired',
  };
}

/**
 * A member seated by a roster import (issue 33) whose account the import created: the way to
 * claim it is the existing sign-in by email code or the password reset link, both asked with
 * this address (docs/product/roster-import.md).
 */
export function rosterInvitationMail(
  ctx: MailContext,
  data: { to: string; group: MailGroup; name: string; tradeLabel: string; invitedBy: string },
): OutgoingMail {
  const signIn = new URL('/auth', ctx.siteUrl).toString();
  const password = new URL('/reset-password', ctx.siteUrl).toString();
  return {
    to: data.to,
    subject: `Votre place dans ${data.group.name} vous attend - ${ctx.siteName}`,
    ...renderMail(
      <GroupMail ctx={ctx} group={data.group}>
        <Paragraph>
          <strong>{data.invitedBy}</strong>
          {` a inscrit ${data.name} dans le groupe «\u00a0${data.group.name}\u00a0», au siège ${data.tradeLabel}.`}
        </Paragraph>
        <Paragraph>
          {`Votre compte ${ctx.siteName} est prêt, à l’adresse ${data.to}. Pour l’activer, choisissez votre mot de passe, ou connectez-vous avec un code reçu par email.`}
        </Paragraph>
        <HtmlOnly>
          <ActionButton href={password}>Choisir mon mot de passe</ActionButton>
        </HtmlOnly>
        <TextOnly>
          <Paragraph>{`Choisir mon mot de passe\u00a0: ${password}`}</Paragraph>
          <Paragraph>{`Se connecter avec un code\u00a0: ${signIn}`}</Paragraph>
        </TextOnly>
        <HtmlOnly>
          <Paragraph>
            {'Ou '}
            <a href={signIn}>connectez-vous avec un code reçu par email</a>.
          </Paragraph>
        </HtmlOnly>
        <Note>Si vous ne connaissez pas ce groupe, ignorez ce message.</Note>
      </GroupMail>,
    ),
    template: 'roster-invitation',
  };
}
