import { createHmac, randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, useBrowser, waitForHydration } from './helpers/browser';

const { newPage } = useBrowser();

const PASSWORD = 'Motdepasse1';
/** Expected refusals (wrong password, wrong code, signed-out session list) make the browser log their status. */
const EXPECTED_REFUSALS = /status of 40[013]/;

// ---------------------------------------------------------------------------------------------
// Helpers

const uniqueEmail = (label: string) => `${label}.${randomUUID().slice(0, 8)}@cabinet-e2e.fr`;

interface Mail {
  subject: string;
  text: string;
  template: string | null;
  status: string;
}

async function mailsTo(address: string): Promise<Mail[]> {
  const res = await fetch(`${baseURL()}/api/dev/mailbox?to=${encodeURIComponent(address)}`);
  return (await res.json()).mails;
}

/** The newest mail of a template sent to an address, waiting for the outbox to write it. */
async function waitForMail(address: string, template: string): Promise<Mail> {
  await expect
    .poll(async () => (await mailsTo(address)).some((m) => m.template === template), {
      timeout: 10_000,
      message: `${template} mail to ${address}`,
    })
    .toBe(true);
  const mail = (await mailsTo(address)).find((m) => m.template === template);
  if (!mail) throw new Error('unreachable');
  return mail;
}

function linkIn(mail: Mail): string {
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in "${mail.subject}"`);
  return link;
}

/** A member created through the API (not signed in anywhere). */
async function createMember(label: string) {
  const email = uniqueEmail(label);
  const res = await fetch(`${baseURL()}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL() },
    body: JSON.stringify({ name: 'Claire Martin', email, password: PASSWORD }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return { email, password: PASSWORD };
}

/** Signs this page's browser context in through the API (its cookies land in the context). */
async function signInThroughApi(page: Page, member: { email: string; password: string }) {
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: member,
    headers: { origin: baseURL() },
  });
  expect(res.status()).toBe(200);
}

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits), as an authenticator app computes it. */
function totp(base32Secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of base32Secret.replace(/=+$/, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
      value &= (1 << bits) - 1;
    }
  }
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', Buffer.from(bytes)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  return ((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, '0');
}

const totpPeriod = (at = Date.now()) => Math.floor(at / 30_000);

/**
 * A code of a later period than `usedPeriod`: the server refuses a code used once already, and
 * accepts the periods next to the current one (Better Auth's window of ±1), so the next period's
 * code serves at once instead of waiting up to 30 s for it.
 */
function nextTotp(base32Secret: string, usedPeriod: number) {
  const period = Math.max(totpPeriod(), usedPeriod + 1);
  return { code: totp(base32Secret, period * 30_000), period };
}

/** expect.poll with 10 s instead of its 1 s: 2 cores next to the server, toasts loaded on first use. */
const poll = <T>(fn: () => T | Promise<T>, message?: string) => expect.poll(fn, { timeout: 10_000, message });

const nav = (page: Page) => page.getByRole('banner');
const accountLink = (page: Page, name: 'Inscription') => nav(page).getByRole('link', { name, exact: true });
const toast = (page: Page, text: string) => page.getByRole('listitem').filter({ hasText: text });

async function expectToast(page: Page, text: string) {
  await poll(() => toast(page, text).count(), `toast "${text}"`).toBeGreaterThan(0);
}

/** Signed in: the member app's shell (issue 28) replaces the visitors' header. */
async function expectSignedIn(page: Page) {
  await poll(
    () => page.getByRole('navigation', { name: 'Navigation de l’application' }).count(),
    'the member app’s navigation',
  ).toBe(1);
}

async function expectSignedOut(page: Page) {
  await poll(() => accountLink(page, 'Inscription').count(), 'navigation shows Inscription').toBe(1);
}

async function expectPath(page: Page, path: string) {
  await poll(() => new URL(page.url()).pathname, `path ${path}`).toBe(path);
}

async function openAuth(page: Page) {
  await page.goto('/auth');
  await waitForHydration(page);
}

async function fillPasswordSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
}

/** Signs out from the sessions card of /profile/securite: the one sign-out path of the interface. */
async function signOutFromProfile(page: Page) {
  await page.goto('/profile/securite');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Se déconnecter', exact: true }).click();
  await expectPath(page, '/');
  await expectSignedOut(page);
}

// ---------------------------------------------------------------------------------------------

describe('sign-up and email verification', () => {
  it('checks the form, says to look in the mailbox, and the mailed link verifies the address and signs in', async () => {
    const page = await newPage();
    await openAuth(page);
    await expectAccessible(page);
    await page
      .getByRole('navigation', { name: 'Connexion ou inscription' })
      .getByRole('link', { name: 'Inscription' })
      .click();
    await page.waitForURL('**/auth/inscription');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    for (const message of [
      'Le nom doit contenir au moins 2 caractères',
      'Email invalide',
      'Le mot de passe doit contenir au moins 8 caractères',
    ]) {
      await poll(() => page.getByText(message, { exact: true }).count(), message).toBe(1);
    }
    const password = page.getByLabel('Mot de passe', { exact: true });
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    // The rules and the error both describe the field.
    const describedBy = (await password.getAttribute('aria-describedby'))?.split(' ') ?? [];
    expect(describedBy).toHaveLength(2);
    const description = await page.locator(`[id="${describedBy[0]}"]`).textContent();
    expect(description).toContain('Au moins 8 caractères');
    expect(description).toContain('Au moins une majuscule');
    expect(description).toContain('Au moins un chiffre');
    await expectAccessible(page);

    await password.fill('motdepasse1');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await poll(() =>
      page.getByText('Le mot de passe doit contenir au moins une majuscule', { exact: true }).count(),
    ).toBe(1);
    expect(await page.locator(`[id="${describedBy[0]}"]`).textContent()).toContain('Au moins un chiffre (respectée)');

    const email = uniqueEmail('inscription');
    await page.getByLabel('Nom complet', { exact: true }).fill('Marie Dupuis');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await password.fill(PASSWORD);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    // The same words whether or not the address had an account (issue 33); nobody is signed in.
    await poll(() => page.getByRole('status').getByText('Consultez votre boîte de réception').count()).toBeGreaterThan(
      0,
    );
    await expectAccessible(page);

    const mail = await waitForMail(email, 'verify-email');
    expect(mail.subject).toContain('Confirmez votre adresse email');
    // Opened on another device: the link verifies the address, signs in and lands on `Aujourd'hui`,
    // which says so.
    const elsewhere = await newPage();
    await elsewhere.goto(linkIn(mail));
    await expectPath(elsewhere, '/aujourdhui');
    await waitForHydration(elsewhere);
    await expectSignedIn(elsewhere);
    await poll(() => elsewhere.getByText('Adresse confirmée', { exact: false }).count()).toBe(1);
    const session = await elsewhere.evaluate(() => fetch('/api/auth/get-session').then((r) => r.json()));
    expect(session.user).toMatchObject({ email, name: 'Marie Dupuis', emailVerified: true });
    // A signed-in visitor of /auth goes to `Aujourd'hui`.
    await elsewhere.goto('/auth');
    await expectPath(elsewhere, '/aujourdhui');
  });
});

describe('sign-in', () => {
  it('refuses a wrong password with the French server message, then signs in and out', async () => {
    const member = await createMember('connexion');
    const page = await newPage({ allowConsoleErrors: EXPECTED_REFUSALS });
    await openAuth(page);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await poll(() => page.getByText('Veuillez saisir votre mot de passe').count()).toBe(1);

    await fillPasswordSignIn(page, member.email, 'Mauvais1motdepasse');
    await poll(() => toast(page, 'Email ou mot de passe incorrect').count()).toBe(1);
    expect(await toast(page, 'Email ou mot de passe incorrect').textContent()).toContain('Erreur');
    await expectSignedOut(page);

    await page.getByLabel('Mot de passe', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await expectToast(page, 'Connexion réussie\u202f!');
    await expectPath(page, '/aujourdhui');
    await expectSignedIn(page);

    await signOutFromProfile(page);
    await expectToast(page, 'Vous êtes déconnecté');
    // The session is gone on the server too, and the guard did not call it an expiry.
    expect(await page.evaluate(() => fetch('/api/auth/get-session').then((r) => r.json()))).toBeNull();
    expect(await toast(page, 'Votre session a expiré').count()).toBe(0);
  });

  it('links to the password reset', async () => {
    const page = await newPage();
    await openAuth(page);
    const link = page.getByRole('link', { name: 'Mot de passe oublié ?' });
    expect(await link.getAttribute('href')).toBe('/reset-password');
    await link.click();
    await expectPath(page, '/reset-password');
  });

  it('signs in with a code sent by email', async () => {
    const member = await createMember('code');
    const page = await newPage({ allowConsoleErrors: EXPECTED_REFUSALS });
    await openAuth(page);
    await page.getByRole('button', { name: 'Recevoir un code par email' }).click();
    // The new step takes the focus.
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Recevoir un code par email');
    await page.getByLabel('Email', { exact: true }).fill(member.email);
    await page.getByRole('button', { name: 'Envoyer le code' }).click();
    await expectToast(page, `Un code de connexion a été envoyé à ${member.email}`);
    await expectAccessible(page);

    const mail = await waitForMail(member.email, 'sign-in-code');
    const code = mail.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toBeDefined();
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Code reçu par email').fill(wrong);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await expectToast(page, 'Code invalide');

    await page.getByLabel('Code reçu par email').fill(`${code?.slice(0, 3)} ${code?.slice(3)}`);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await expectToast(page, 'Connexion réussie\u202f!');
    await expectPath(page, '/aujourdhui');
    await expectSignedIn(page);
  });

  it('sends a visitor of /profile/securite to /auth, then back to it once signed in', async () => {
    const member = await createMember('garde');
    const page = await newPage();
    await page.goto('/profile/securite');
    await expectPath(page, '/auth');
    await waitForHydration(page);
    await expectToast(page, 'Vous devez être connecté pour accéder à cette page');
    await fillPasswordSignIn(page, member.email, member.password);
    await expectToast(page, 'Connexion réussie\u202f!');
    await expectPath(page, '/profile/securite');
    await poll(() => page.getByRole('heading', { level: 2, name: 'Sécurité' }).count()).toBe(1);
  });
});

describe('password reset', () => {
  it('mails a link, checks the new password twice, updates it, and the link works once', async () => {
    const member = await createMember('reinit');
    const page = await newPage({ allowConsoleErrors: EXPECTED_REFUSALS });
    await page.goto('/reset-password');
    await waitForHydration(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }).click();
    await poll(() => page.getByText('Email invalide', { exact: true }).count()).toBe(1);

    // Same answer for an address without an account, and no mail.
    const unknown = uniqueEmail('inconnu');
    await page.getByLabel('Email', { exact: true }).fill(unknown);
    await page.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }).click();
    await expectToast(page, 'Email de réinitialisation envoyé');

    await page.getByLabel('Email', { exact: true }).fill(`  ${member.email} `);
    await page.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }).click();
    await expectToast(page, 'Email de réinitialisation envoyé');
    await expectAccessible(page);
    const mail = await waitForMail(member.email, 'reset-password');
    expect(await mailsTo(unknown)).toEqual([]);

    const link = linkIn(mail);
    await page.goto(link);
    await expectPath(page, '/update-password');
    expect(new URL(page.url()).searchParams.get('token')).toBeTruthy();
    await waitForHydration(page);
    await expectAccessible(page);

    const newPassword = 'Nouveau2motdepasse';
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click();
    await poll(() => page.getByText('Les mots de passe ne correspondent pas', { exact: true }).count()).toBe(1);
    expect(await page.getByLabel('Confirmer le mot de passe', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await expectAccessible(page);

    await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click();
    await expectToast(page, 'Mot de passe mis à jour avec succès\u202f!');
    await expectPath(page, '/');

    // Used once: the same link now says so, in French, with a way to ask again.
    await page.goto(link);
    await expectPath(page, '/update-password');
    expect(new URL(page.url()).searchParams.get('error')).toBe('INVALID_TOKEN');
    await waitForHydration(page);
    await poll(() => page.getByText('Ce lien est invalide ou a expiré. Demandez-en un nouveau.').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Demander un nouveau lien' }).getAttribute('href')).toBe(
      '/reset-password',
    );
    await expectAccessible(page);

    await openAuth(page);
    await fillPasswordSignIn(page, member.email, member.password);
    await expectToast(page, 'Email ou mot de passe incorrect');
    await page.getByLabel('Mot de passe', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await expectToast(page, 'Connexion réussie\u202f!');
    await expectSignedIn(page);
  });
});

describe('two-factor authentication', () => {
  it('is enabled on /profile/securite with a first code, then asked at sign-in (app code or backup code)', async () => {
    const member = await createMember('totp');
    const page = await newPage({ allowConsoleErrors: EXPECTED_REFUSALS });
    await signInThroughApi(page, member);
    await page.goto('/profile/securite');
    await waitForHydration(page);
    await poll(() => page.getByRole('heading', { name: 'Sécurité' }).count()).toBe(1);
    await poll(() => page.getByText('cet appareil', { exact: true }).count()).toBe(1);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Activer', exact: true }).click();
    await page.getByLabel('Mot de passe actuel').fill(member.password);
    await page.getByRole('button', { name: 'Continuer' }).click();

    const qr = page.getByRole('img', { name: /QR code/ });
    await poll(() => qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const uri = await page
      .getByRole('link', { name: 'Ouvrir dans l’application d’authentification de cet appareil' })
      .getAttribute('href');
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const secret = new URL(uri ?? '').searchParams.get('secret') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    // The same secret, readable for typing by hand.
    expect((await page.getByTestId('totp-secret').textContent())?.replace(/\s/g, '')).toBe(secret);
    const backupCodes = await page
      .getByRole('list', { name: 'Codes de secours' })
      .getByRole('listitem')
      .allTextContents();
    expect(backupCodes).toHaveLength(10);
    await expectAccessible(page);

    await page.getByLabel('Code à 6 chiffres').fill('12345');
    await page.getByRole('button', { name: 'Vérifier et activer' }).click();
    await poll(() => page.getByText('Le code doit contenir 6 chiffres').count()).toBe(1);
    const enrolPeriod = totpPeriod();
    await page.getByLabel('Code à 6 chiffres').fill(totp(secret));
    await page.getByRole('button', { name: 'Vérifier et activer' }).click();
    await expectToast(page, 'Authentification à deux facteurs activée');
    await poll(() => page.getByText('Activée', { exact: true }).count()).toBe(1);

    await signOutFromProfile(page);

    // Password, then the app's code.
    await openAuth(page);
    await fillPasswordSignIn(page, member.email, member.password);
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Vérification en deux étapes');
    await expectSignedOut(page);
    await expectAccessible(page);
    const current = totp(secret);
    await page.getByLabel('Code de l’application d’authentification').fill(current === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Vérifier', exact: true }).click();
    await expectToast(page, 'Code invalide');
    // The enrolment's code cannot serve again: the next one of the app.
    const { code } = nextTotp(secret, enrolPeriod);
    await page.getByLabel('Code de l’application d’authentification').fill(code);
    await page.getByRole('button', { name: 'Vérifier', exact: true }).click();
    await expectToast(page, 'Connexion réussie\u202f!');
    await expectPath(page, '/aujourdhui');
    await expectSignedIn(page);

    // Password, then a backup code instead.
    await signOutFromProfile(page);
    await openAuth(page);
    await fillPasswordSignIn(page, member.email, member.password);
    await page.getByRole('button', { name: 'Utiliser un code de secours' }).click();
    await page.getByLabel('Code de secours', { exact: true }).fill(backupCodes[0] ?? '');
    await page.getByRole('button', { name: 'Vérifier', exact: true }).click();
    await expectToast(page, 'Connexion réussie\u202f!');
    await expectSignedIn(page);

    // And off again, with the password.
    await page.goto('/profile/securite');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Désactiver', exact: true }).click();
    await page.getByLabel('Mot de passe actuel').fill(member.password);
    await page.getByRole('button', { name: 'Désactiver', exact: true }).click();
    await expectToast(page, 'Authentification à deux facteurs désactivée');
    await poll(() => page.getByText('Désactivée', { exact: true }).count()).toBe(1);
    // Waits up to one TOTP period (30 s) for a fresh code.
  }, 120_000);
});

describe('sessions and tabs', () => {
  it('another tab follows a sign-in and a sign-out without reloading', async () => {
    const member = await createMember('onglets');
    const page = await newPage();
    // Another tab of the same browser: same context, its own page (watched for errors here).
    const other = await page.context().newPage();
    const otherErrors: string[] = [];
    other.on('console', (m) => {
      if (m.type() === 'error') otherErrors.push(m.text());
    });
    other.on('pageerror', (e) => otherErrors.push(e.message));
    // A public page that stays itself once signed in (`/` sends a member to `Aujourd'hui`).
    await other.goto('/a-propos');
    await waitForHydration(other);
    await expectSignedOut(other);
    await other.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    await openAuth(page);
    await fillPasswordSignIn(page, member.email, member.password);
    await expectSignedIn(page);
    await expectSignedIn(other);

    await signOutFromProfile(page);
    await expectSignedOut(other);
    expect(await other.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(otherErrors).toEqual([]);
  });

  it('lists the devices and signs out the others, one other, or every device', async () => {
    const member = await createMember('sessions');
    const page = await newPage();
    const phone = await newPage({ viewport: { width: 390, height: 800 } });
    await signInThroughApi(page, member);
    await signInThroughApi(phone, member);

    await page.goto('/profile/securite');
    await waitForHydration(page);
    const list = page.getByRole('list', { name: 'Sessions actives' });
    // This browser and the phone (a sign-up opens no session, issue 33).
    await poll(() => list.getByRole('listitem').count()).toBe(2);
    const mine = list.getByRole('listitem').filter({ hasText: 'cet appareil' });
    expect(await mine.count()).toBe(1);
    expect(await mine.textContent()).toMatch(/Adresse IP\s:\s127\.0\.0\.1/);
    expect(await mine.textContent()).toMatch(/Connecté le \d{1,2} \S+ \d{4}/);

    await page.getByRole('button', { name: 'Déconnecter mes autres appareils' }).click();
    await expectToast(page, 'Vos autres appareils ont été déconnectés');
    await poll(() => list.getByRole('listitem').count()).toBe(1);
    await phone.goto('/');
    await waitForHydration(phone);
    expect(await phone.evaluate(() => fetch('/api/auth/get-session').then((r) => r.json()))).toBeNull();

    // One other device, by its own button.
    await signInThroughApi(phone, member);
    await page.reload();
    await waitForHydration(page);
    await poll(() => list.getByRole('listitem').count()).toBe(2);
    await list.getByRole('button', { name: /^Déconnecter / }).click();
    await expectToast(page, 'Appareil déconnecté');
    await poll(() => list.getByRole('listitem').count()).toBe(1);

    // Everywhere: this device too.
    await signInThroughApi(phone, member);
    await page.getByRole('button', { name: 'Me déconnecter partout' }).click();
    await expectToast(page, 'Vous avez été déconnecté de tous vos appareils');
    await expectPath(page, '/');
    await expectSignedOut(page);
    expect(await phone.evaluate(() => fetch('/api/auth/get-session').then((r) => r.json()))).toBeNull();
  });

  it('shows passkeys, and says in French when this address cannot use them', async () => {
    const member = await createMember('cles');
    const page = await newPage();
    await signInThroughApi(page, member);
    await page.goto('/profile/securite');
    await waitForHydration(page);
    await poll(() => page.getByText('Aucune clé d’accès pour le moment.').count()).toBe(1);
    await page.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
    await poll(() => page.getByText('Veuillez nommer la clé d’accès').count()).toBe(1);
    // The suite's site runs on 127.0.0.1: an IP address cannot be a WebAuthn relying party.
    await page.getByLabel('Nom de la clé').fill('Ordinateur portable');
    await page.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
    await expectToast(page, 'Les clés d’accès ne sont pas disponibles sur cette adresse du site.');
  });
});
