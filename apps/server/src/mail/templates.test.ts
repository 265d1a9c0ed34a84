import { render } from '@react-email/render';
import { dateTimeProblems, typographyProblems } from '@synergie/shared/typography';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  debitExhaustedMail,
  debitFailedMail,
  debitGraceEndedMail,
  debitRecoveredMail,
  debitRetryMail,
} from './debit-mails';
import { guestInvitationMail, guestReminderMail } from './guest-mails';
import { digestMail, notificationMail } from './notification-mails';
import type { OutgoingMail } from './outbox';
import { inMailMode, renderMail } from './render';
import { renewalReminderMail, subscriptionCancelledMail } from './renewal-mails';
import { creditNoteIssuedMail, invoiceContestedMail } from './self-billing-mails';
import * as templates from './templates';

// The elements the templates render, to render them again with React Email's own `render()`.
vi.mock('./render', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./render')>();
  return { ...actual, renderMail: vi.fn(actual.renderMail) };
});

const ctx = {
  siteName: 'Synergie Pro',
  siteUrl: 'https://www.synergie-pro.fr',
  contactEmail: 'contact@synergie-pro.fr',
};
const HOSTILE = 'Dupont & Fils <script>alert(1)</script>';
// The mails of the sign-in flows carry no member's words: the site's name stands in for them.
const hostileSite = { ...ctx, siteName: HOSTILE };
const MESSAGE = `Bonjour,\n${HOSTILE}\n\nÀ bientôt.`;
const event = { title: HOSTILE, date: '2026-12-03', time: '18:30', location: 'Lyon & environs' };

/** What a reader sees of an HTML mail: its text, without head, styles and tags, entities decoded. */
function visibleText(html: string): string {
  const named: Record<string, string> = { nbsp: '\u00a0', amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };
  return html
    .replace(/<head[\s>][\s\S]*?<\/head>|<style[\s>][\s\S]*?<\/style>/gi, ' ')
    .replace(/<!--[\s\S]*?-->|<!DOCTYPE[^>]*>/gi, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return String.fromCodePoint(code);
      }
      return named[name.toLowerCase()] ?? entity;
    });
}

/** One call of every template, each given the hostile value wherever a member writes. */
function everyMail(): Record<string, OutgoingMail> {
  return {
    contactToOwnerMail: templates.contactToOwnerMail(ctx, { name: HOSTILE, email: 'a@b.fr', message: MESSAGE }),
    contactConfirmationMail: templates.contactConfirmationMail(ctx, {
      name: HOSTILE,
      email: 'a@b.fr',
      message: MESSAGE,
    }),
    verifyEmailMail: templates.verifyEmailMail(hostileSite, 'a@b.fr', 'https://www.synergie-pro.fr/v?token=a&next=%2F'),
    resetPasswordMail: templates.resetPasswordMail(hostileSite, 'a@b.fr', 'https://www.synergie-pro.fr/r?token=a&x=1'),
    signInCodeMail: templates.signInCodeMail(hostileSite, 'a@b.fr', '123456'),
    alreadyRegisteredMail: templates.alreadyRegisteredMail(hostileSite, 'a@b.fr', {
      signIn: 'https://www.synergie-pro.fr/auth',
      reset: 'https://www.synergie-pro.fr/reset-password?a=1&b=2',
    }),
    jobApplicationMail: templates.jobApplicationMail(ctx, {
      to: 'a@b.fr',
      jobTitle: HOSTILE,
      applicantName: 'Étienne Blanc',
      applicantCompany: HOSTILE,
      applicantEmail: 'c@d.fr',
      message: MESSAGE,
    }),
    eventRegistrationMail: templates.eventRegistrationMail(ctx, { to: 'a@b.fr', event, registrantName: HOSTILE }),
    eventChangedMail: templates.eventChangedMail(ctx, { to: 'a@b.fr', before: event, after: event }),
    eventCancelledMail: templates.eventCancelledMail(ctx, { to: 'a@b.fr', event }),
    eventReminderMail: templates.eventReminderMail(ctx, { to: 'a@b.fr', event, guests: 2 }),
    contactRequestMail: templates.contactRequestMail(ctx, {
      to: 'a@b.fr',
      requesterName: 'Alice',
      requesterCompany: HOSTILE,
      requesterProfession: null,
      message: MESSAGE,
    }),
    contactAcceptedMail: templates.contactAcceptedMail(ctx, {
      to: 'a@b.fr',
      partnerName: HOSTILE,
      projectTitle: HOSTILE,
      accepted: 'by-partner',
    }),
    groupApplicationMail: templates.groupApplicationMail(ctx, {
      to: 'a@b.fr',
      group: { name: HOSTILE, slug: 'lyon-confluence' },
      applicantName: HOSTILE,
      tradeLabel: 'Plombier chauffagiste',
      message: MESSAGE,
    }),
    groupObjectionMail: templates.groupObjectionMail(ctx, {
      to: 'a@b.fr',
      group: { name: HOSTILE, slug: 'lyon-confluence' },
      applicantName: HOSTILE,
      objectorName: HOSTILE,
      reason: MESSAGE,
    }),
    groupApplicationDecisionMail: templates.groupApplicationDecisionMail(ctx, {
      to: 'a@b.fr',
      group: { name: HOSTILE, slug: 'lyon-confluence' },
      accepted: false,
      tradeLabel: 'Notaire',
      message: MESSAGE,
    }),
    rosterInvitationMail: templates.rosterInvitationMail(ctx, {
      to: 'a@b.fr',
      group: { name: HOSTILE, slug: 'lyon-confluence' },
      name: HOSTILE,
      tradeLabel: 'Fleuriste',
      invitedBy: HOSTILE,
    }),
    groupMemberRemovedMail: templates.groupMemberRemovedMail(ctx, {
      to: 'a@b.fr',
      group: { name: HOSTILE, slug: 'lyon-confluence' },
      reason: MESSAGE,
    }),
    seatOfferMail: templates.seatOfferMail(ctx, {
      to: 'a@b.fr',
      groupName: HOSTILE,
      tradeLabel: 'Plombier chauffagiste',
      expiresAt: new Date('2026-12-02T17:30:00Z'),
    }),
    seatOfferExpiredMail: templates.seatOfferExpiredMail(ctx, {
      to: 'a@b.fr',
      groupName: HOSTILE,
      tradeLabel: 'Plombier chauffagiste',
    }),
  };
}

/** The mails with their own tests (not in the index): guests', notifications' and renewals'. */
function otherMails(): Record<string, OutgoingMail> {
  const guest = {
    to: 'a@b.fr',
    guestName: HOSTILE,
    inviterName: HOSTILE,
    groupName: HOSTILE,
    startsAt: new Date('2026-12-03T06:30:00Z'),
    place: HOSTILE,
    confirmUrl: 'https://www.synergie-pro.fr/invitation?jeton=a',
    icsUrl: 'https://www.synergie-pro.fr/api/invitation/ics?jeton=a',
    tradeHeld: 'Plombier chauffagiste',
  };
  const unsubscribe = { kindLabel: 'Résumé quotidien', url: 'https://www.synergie-pro.fr/desabonnement?jeton=a' };
  const item = { title: HOSTILE, body: HOSTILE, link: '/notifications', createdAt: new Date('2026-12-02T17:30:00Z') };
  const person = { to: 'a@b.fr', name: HOSTILE };
  const debit = {
    ...person,
    amountCents: 9900,
    graceEndsAt: new Date('2031-06-11T10:00:00Z'),
    nextAttemptAt: null,
    profileUrl: 'https://www.synergie-pro.fr/profile/facturation#moyen-de-paiement',
  };
  return {
    guestInvitationMail: guestInvitationMail(ctx, guest),
    guestReminderMail: guestReminderMail(ctx, guest),
    notificationMail: notificationMail(ctx, { to: 'a@b.fr', title: HOSTILE, body: HOSTILE, link: '/x', unsubscribe }),
    digestMail: digestMail(ctx, { to: 'a@b.fr', frequency: 'daily', items: [item], total: 3, unsubscribe }),
    weeklyDigestMail: digestMail(ctx, { to: 'a@b.fr', frequency: 'weekly', items: [item], unsubscribe }),
    renewalReminderMail: renewalReminderMail(ctx, {
      ...person,
      renewsAt: new Date('2031-05-12T10:00:00Z'),
      amountCents: 100_000,
      stopUrl: 'https://www.synergie-pro.fr/abonnement/renouvellement?jeton=a',
    }),
    subscriptionCancelledMail: subscriptionCancelledMail(ctx, { ...person, endsAt: new Date('2031-05-12T10:00:00Z') }),
    subscriptionCancelledNoEndMail: subscriptionCancelledMail(ctx, { ...person, endsAt: null }),
    // Issue 32: a failed debit's mails.
    debitFailedMail: debitFailedMail(ctx, { ...debit, nextAttemptAt: new Date('2031-05-15T10:00:00Z') }),
    debitFailedNoRetryMail: debitFailedMail(ctx, debit),
    debitRetryMail: debitRetryMail(ctx, { ...debit, nextAttemptAt: new Date('2031-05-15T10:00:00Z') }),
    debitExhaustedMail: debitExhaustedMail(ctx, debit),
    debitGraceEndedMail: debitGraceEndedMail(ctx, debit),
    debitRecoveredMail: debitRecoveredMail(ctx, {
      ...person,
      amountCents: 9900,
      paidAt: new Date('2031-05-15T10:00:00Z'),
      withinGrace: true,
      invoicesUrl: 'https://www.synergie-pro.fr/profile/facturation#factures',
    }),
    debitRecoveredAfterGraceMail: debitRecoveredMail(ctx, {
      ...person,
      amountCents: 100_050,
      paidAt: new Date('2031-07-01T10:00:00Z'),
      withinGrace: false,
      invoicesUrl: 'https://www.synergie-pro.fr/profile/facturation#factures',
    }),
    invoiceContestedMail: invoiceContestedMail(ctx, {
      to: 'a@b.fr',
      invoiceNumber: 'AF-MP01-2026-0001',
      issuerName: HOSTILE,
      month: '2026-10',
      reason: MESSAGE,
    }),
    creditNoteIssuedMail: creditNoteIssuedMail(ctx, {
      to: 'a@b.fr',
      invoiceNumber: 'AF-MP01-2026-0001',
      creditNoteNumber: 'AF-MP01-2026-0002',
    }),
  };
}

beforeEach(() => vi.mocked(renderMail).mockClear());

describe('mail templates', () => {
  it('every template renders an HTML version and a plain-text version', () => {
    const mails = everyMail();
    const exported = Object.keys(templates).filter((name) => name.endsWith('Mail'));
    expect(Object.keys(mails).sort()).toEqual(exported.sort());
    for (const [name, mail] of Object.entries(mails)) {
      expect(mail.html, name).toMatch(/^<!DOCTYPE html PUBLIC [^>]*><html dir="ltr" lang="fr">/);
      expect(mail.html, name).toContain('</html>');
      expect(mail.text.trim().length, name).toBeGreaterThan(40);
      expect(mail.text, name).not.toMatch(/<(p|br|table|td|a)\b/);
      expect(mail.text.endsWith('\n'), name).toBe(true);
    }
  });

  it('writes French typography, dates and times in every subject, text and HTML (issue 31)', () => {
    const problems: string[] = [];
    for (const [name, mail] of Object.entries({ ...everyMail(), ...otherMails() })) {
      // What members write is theirs: left out of the check.
      const ours = (text: string) => text.split(HOSTILE).join(' ').split(MESSAGE).join(' ');
      for (const [part, text] of [
        ['subject', mail.subject],
        ['text', mail.text],
        ['html', visibleText(mail.html ?? '')],
      ] as const) {
        for (const problem of typographyProblems(ours(text))) problems.push(`${name} ${part}: ${problem}`);
        // Dates and times in words and in the `7 h 00` style; a link's own `?month=2026-10` is not read.
        for (const problem of dateTimeProblems(ours(text).replace(/https?:\/\/\S+/g, ' '))) {
          problems.push(`${name} ${part}: ${problem}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('escapes what members write in the HTML and keeps it intact in the text', () => {
    for (const [name, mail] of Object.entries(everyMail())) {
      const html = mail.html ?? '';
      expect(html, name).toContain('Dupont &amp; Fils &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html, name).not.toContain('<script>');
      expect(mail.text, name).not.toContain('&lt;');
      expect(mail.text, name).toContain('Dupont & Fils <script>alert(1)</script>');
    }
  });

  it('keeps links whole: an ampersand is escaped in the href and written plainly in the text', () => {
    const mail = templates.verifyEmailMail(ctx, 'a@b.fr', 'https://www.synergie-pro.fr/v?token=a&next=%2F');
    expect(mail.html).toContain('href="https://www.synergie-pro.fr/v?token=a&amp;next=%2F"');
    expect(mail.text).toContain('Confirmer mon email\u00a0: https://www.synergie-pro.fr/v?token=a&next=%2F\n');
  });

  it('writes the text versions word for word', () => {
    expect(templates.verifyEmailMail(ctx, 'a@b.fr', 'https://www.synergie-pro.fr/v?t=1').text).toBe(
      `Bonjour,

Bienvenue sur Synergie Pro\u202f! Confirmez votre adresse email pour activer votre compte.

Confirmer mon email\u00a0: https://www.synergie-pro.fr/v?t=1

Si vous n’avez pas créé de compte, ignorez ce message.

L’équipe Synergie Pro
https://www.synergie-pro.fr
`,
    );
    expect(
      templates.contactRequestMail(ctx, {
        to: 'a@b.fr',
        requesterName: 'Alice Martin',
        requesterCompany: 'Martin & Co',
        requesterProfession: 'Architecte',
        message: 'Bonjour,\nTravaillons ensemble.',
      }).text,
    ).toBe(`Bonjour,

Alice Martin (Architecte, Martin & Co) souhaite entrer en contact avec vous sur Synergie Pro.

Son message\u00a0:
Bonjour,
Travaillons ensemble.

Acceptez ou refusez sa demande sur https://www.synergie-pro.fr/members
En l’acceptant, un projet commun est créé dans votre espace Mes projets.

L’équipe Synergie Pro
https://www.synergie-pro.fr
`);
    expect(
      templates.eventChangedMail(ctx, {
        to: 'a@b.fr',
        before: { title: 'Afterwork', date: '2026-12-03', time: '18:30', location: 'Lyon' },
        after: { title: 'Afterwork de Noël', date: '2026-12-10', time: '19:00', location: 'Villeurbanne' },
      }).text,
    ).toBe(`Bonjour,

L’événement «\u00a0Afterwork\u00a0» auquel vous êtes inscrit a été modifié.

Titre\u00a0: Afterwork de Noël
Date\u00a0: jeudi 10 décembre 2026 à 19\u00a0h\u00a000
Lieu\u00a0: Villeurbanne

Retrouvez les événements du réseau sur https://www.synergie-pro.fr/events

L’équipe Synergie Pro
https://www.synergie-pro.fr
`);
  });

  it('offers a freed seat with its end in Paris time and the link to the member’s group space', () => {
    const mail = templates.seatOfferMail(ctx, {
      to: 'a@b.fr',
      groupName: 'Synergie Pro Lyon Confluence',
      tradeLabel: 'Plombier chauffagiste',
      expiresAt: new Date('2026-12-02T17:30:00Z'),
    });
    expect(mail.subject).toBe(
      'Un siège se libère dans le groupe «\u00a0Synergie Pro Lyon Confluence\u00a0» - Synergie Pro',
    );
    expect(mail.text).toBe(`Bonjour,

Le siège «\u00a0Plombier chauffagiste\u00a0» du groupe «\u00a0Synergie Pro Lyon Confluence\u00a0» est libre et vous êtes le premier sur la liste d’attente.

Il vous est réservé jusqu’au 2 décembre 2026 à 18\u00a0h\u00a030. Acceptez-le depuis votre espace Mon groupe, ou déclinez-le pour le laisser au suivant. Sans réponse, il sera proposé au suivant sur la liste.

Répondre à l’offre\u00a0: https://www.synergie-pro.fr/mon-groupe

L’équipe Synergie Pro
https://www.synergie-pro.fr
`);
  });

  it("says in HTML what the text says, with a button for the link and the site's name around", () => {
    const mail = templates.jobApplicationMail(ctx, {
      to: 'a@b.fr',
      jobTitle: 'Chef de projet',
      applicantName: 'Étienne Blanc',
      applicantCompany: null,
      applicantEmail: 'e@b.fr',
      message: 'Je postule.',
    });
    const html = mail.html ?? '';
    expect(html).toContain('<strong>Étienne Blanc</strong> a postulé à votre offre «\u00a0Chef de projet\u00a0».');
    expect(html).toMatch(/<a href="https:\/\/www.synergie-pro.fr\/careers"[^>]*>.*Voir les candidatures<\/span>/);
    expect(html).toContain('Pour répondre au candidat, répondez simplement à ce message.');
    expect(html).toContain('>Synergie Pro</p>');
    expect(html).not.toContain("L'équipe");
  });

  it('renders as React Email’s render() does, HTML and plain text', async () => {
    // One render per mail: as many calls as templates.
    const count = Object.keys(everyMail()).length;
    const calls = vi.mocked(renderMail).mock.calls;
    expect(calls).toHaveLength(count);
    for (const [i, [element]] of calls.entries()) {
      const ours = vi.mocked(renderMail).mock.results[i]?.value as { html: string; text: string };
      const html = await render(inMailMode('html', element as ReactElement));
      // render() streams: it marks Suspense boundaries and text joints with comments.
      const withoutStreamMarks = html.replace(/<!--(\$|\/\$|html|head|body| )-->/g, '');
      expect(ours.html).toBe(withoutStreamMarks);
      const text = await render(inMailMode('text', element as ReactElement), { plainText: true });
      expect(ours.text).toBe(`${text}\n`);
    }
  });
});
