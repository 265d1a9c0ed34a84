import { render } from '@react-email/render';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutgoingMail } from './outbox';
import { inMailMode, renderMail } from './render';
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
    expect(mail.text).toContain('Confirmer mon email : https://www.synergie-pro.fr/v?token=a&next=%2F\n');
  });

  it('writes the text versions word for word', () => {
    expect(templates.verifyEmailMail(ctx, 'a@b.fr', 'https://www.synergie-pro.fr/v?t=1').text).toBe(
      `Bonjour,

Bienvenue sur Synergie Pro ! Confirmez votre adresse email pour activer votre compte.

Confirmer mon email : https://www.synergie-pro.fr/v?t=1

Si vous n'avez pas créé de compte, ignorez ce message.

L'équipe Synergie Pro
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

Son message :
Bonjour,
Travaillons ensemble.

Acceptez ou refusez sa demande sur https://www.synergie-pro.fr/members
En l'acceptant, un projet commun est créé dans votre espace Mes projets.

L'équipe Synergie Pro
https://www.synergie-pro.fr
`);
    expect(
      templates.eventChangedMail(ctx, {
        to: 'a@b.fr',
        before: { title: 'Afterwork', date: '2026-12-03', time: '18:30', location: 'Lyon' },
        after: { title: 'Afterwork de Noël', date: '2026-12-10', time: '19:00', location: 'Villeurbanne' },
      }).text,
    ).toBe(`Bonjour,

L'événement « Afterwork » auquel vous êtes inscrit a été modifié.

Titre : Afterwork de Noël
Date : jeudi 10 décembre 2026 à 19 h
Lieu : Villeurbanne

Retrouvez les événements du réseau sur https://www.synergie-pro.fr/events

L'équipe Synergie Pro
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

Le siège «\u00a0Plombier chauffagiste\u00a0» du groupe «\u00a0Synergie Pro Lyon Confluence\u00a0» est libre et vous êtes le premier sur la liste d'attente.

Il vous est réservé jusqu’au 2 décembre 2026 à 18:30. Acceptez-le depuis votre espace Mon groupe, ou déclinez-le pour le laisser au suivant. Sans réponse, il sera proposé au suivant sur la liste.

Répondre à l’offre\u202f: https://www.synergie-pro.fr/mon-groupe

L'équipe Synergie Pro
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
    expect(html).toContain('<strong>Étienne Blanc</strong> a postulé à votre offre « Chef de projet ».');
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
