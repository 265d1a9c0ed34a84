import { describe, expect, it } from 'vitest';
import { renderMailboxPage } from './mailbox-page';

const mail = {
  id: 'm1',
  subject: 'Nouveau message de contact de <b>Alice</b>',
  to: 'alice@exemple.fr',
  replyTo: 'bob&co@exemple.fr',
  text: 'Bonjour <script>alert(1)</script>,\nconfirmez : https://www.synergie-pro.fr/v?token=a&next=%2F\n',
  status: 'kept',
  attempts: 3,
  createdAt: new Date('2026-11-25T17:30:05Z'),
};

describe('development mailbox page', () => {
  it('escapes what the mails hold and makes their links clickable', () => {
    const page = renderMailboxPage('Synergie Pro', [mail]);
    expect(page.startsWith('<!doctype html><html lang="fr">')).toBe(true);
    expect(page).toContain('<h2>Nouveau message de contact de &lt;b&gt;Alice&lt;/b&gt;</h2>');
    expect(page).toContain('Bonjour &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(page).not.toContain('<script>');
    expect(page).toContain(
      '<a href="https://www.synergie-pro.fr/v?token=a&amp;next=%2F">https://www.synergie-pro.fr/v?token=a&amp;next=%2F</a>',
    );
    expect(page).toContain('Répondre à : bob&amp;co@exemple.fr');
    // Paris time, and a plural for the attempts.
    expect(page).toContain('25/11/2026 18:30:05');
    expect(page).toContain('3 tentatives');
    expect(page).toContain('<title>Boîte de réception de développement | Synergie Pro</title>');
  });

  it('says so when there is no mail', () => {
    expect(renderMailboxPage('Synergie Pro', [])).toContain('<p>Aucun email pour le moment.</p>');
  });
});
