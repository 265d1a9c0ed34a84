import { authMessages, contactMessages, contactSchema, pageFormMessages, publicPages } from '@synergie/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { signUpMember } from './helpers/member';
import { mailTo } from './helpers/network';

const TITLE_SUFFIX = ' | Synergie Pro - Réseau d’Affaires Multi-Métiers';
const { newPage } = useBrowser();

describe('every public page', () => {
  it.each(publicPages.map((p) => p.path))('%s renders real HTML, its head data, and passes axe', async (path) => {
    // The HTML the server sends, before any JavaScript: crawlers read this.
    const raw = await fetch(`${baseURL()}${path}`);
    expect(raw.status).toBe(200);
    const html = await raw.text();
    expect(html).toMatch(/<h1[\s>]/);
    const title = html.match(/<title>([^<]*)<\/title>/)?.[1]?.replace(/&#x27;|&#39;/g, "'");
    expect(title).toMatch(/^.+ \| Synergie Pro - Réseau d’Affaires Multi-Métiers$/);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
    // Absolute, on SITE_URL as it was when the site was built.
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"/]+${path === '/' ? '/' : path}"`));
    expect(html).toContain('property="og:title"');
    expect(html).toContain('name="twitter:card"');

    const page = await newPage();
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    expect(await page.title()).toMatch(new RegExp(`^.+${TITLE_SUFFIX.replace(/[|]/g, '\\|')}$`));
    await expect.poll(() => page.locator('h1').count()).toBe(1);
    await expectAccessible(page);
  });
});

describe('layout', () => {
  it('shows the navigation, the account button and the footer', async () => {
    const page = await newPage();
    await page.goto('/');
    await waitForHydration(page);
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    for (const label of [
      'À propos',
      'Services',
      'Portfolio',
      'Blog',
      'Contact',
      'Membres',
      'Événements',
      'Carrières',
    ]) {
      expect(await nav.getByRole('link', { name: label, exact: true }).count(), label).toBe(1);
    }
    await expect
      .poll(() => page.getByRole('banner').getByRole('link', { name: 'Inscription' }).first().getAttribute('href'))
      .toBe('/auth');
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: /Conditions générales/ }).getAttribute('href')).toBe('/cgu');
    expect(await footer.getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe('/contact');
    expect(await footer.textContent()).toMatch(/©\s*\d{4}\s*Synergie Pro/);
  });

  it('navigates between pages in the browser and scrolls to the top each time', async () => {
    const page = await newPage();
    await page.goto('/');
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL('**/contact');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Contactez-nous');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'À propos' })
      .click();
    await page.waitForURL('**/a-propos');
    await expect.poll(() => page.title()).toContain('À propos');
  });

  it('shows the round home button everywhere but on the home page', async () => {
    const page = await newPage();
    await page.goto('/blog');
    await waitForHydration(page);
    const home = page.getByRole('link', { name: 'Retour à l’accueil' });
    expect(await home.isVisible()).toBe(true);
    await home.click();
    await page.waitForURL(`${baseURL()}/`);
    await expect.poll(() => home.count()).toBe(0);
  });

  it('has a mobile menu below the medium breakpoint', async () => {
    const page = await newPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/');
    await waitForHydration(page);
    expect(await page.getByRole('navigation', { name: 'Navigation principale' }).isVisible()).toBe(false);
    const toggle = page.getByLabel('Ouvrir le menu', { exact: true });
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Menu mobile' });
    expect(await menu.isVisible()).toBe(true);
    await expectAccessible(page);
    await menu.getByRole('link', { name: 'Blog' }).click();
    await page.waitForURL('**/blog');
    await expect.poll(() => menu.isVisible()).toBe(false);
    // Closed: the <summary> (announced by the browser as a button with its state) opens it again.
    expect(await page.locator('header details').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await page.getByLabel('Ouvrir le menu', { exact: true }).count()).toBe(1);
  });

  it('opens the mobile menu and follows its links with JavaScript turned off', async () => {
    const page = await newPage({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Menu mobile' });
    expect(await menu.isVisible()).toBe(false);
    await page.getByLabel('Ouvrir le menu', { exact: true }).click();
    expect(await menu.isVisible()).toBe(true);
    await menu.getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL('**/contact');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  });

  it('switches the /auth tabs with JavaScript turned off', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/auth');
    const tabs = page.getByRole('navigation', { name: 'Connexion ou inscription' });
    expect(await tabs.getByRole('link', { name: 'Connexion' }).getAttribute('aria-current')).toBe('page');
    await tabs.getByRole('link', { name: 'Inscription' }).click();
    await page.waitForURL('**/auth/inscription');
    await page.getByRole('button', { name: 'Créer mon compte' }).waitFor();
    expect(await tabs.getByRole('link', { name: 'Inscription' }).getAttribute('aria-current')).toBe('page');
    await tabs.getByRole('link', { name: 'Connexion' }).click();
    await page.waitForURL(/\/auth$/);
    await page.getByLabel('Mot de passe', { exact: true }).waitFor();
  });

  it('reaches the menu and the main content with the keyboard', async () => {
    const page = await newPage();
    await page.goto('/');
    await waitForHydration(page);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Aller au contenu');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/');
  });
});

describe('redirects and missing pages', () => {
  it.each([
    ['/home', '/'],
    ['/about', '/a-propos'],
    ['/category/immobilier', '/'],
  ])('%s leads to %s', async (from, to) => {
    const page = await newPage();
    await page.goto(from);
    await page.waitForURL(`${baseURL()}${to}`);
  });

  it('answers an unknown path with status 404 and the 404 page', async () => {
    const page = await newPage();
    const response = await page.goto('/cette-page-nexiste-pas');
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    expect(await page.locator('h1').textContent()).toBe('Page introuvable');
    expect(await page.getByRole('button', { name: 'Retour' }).isVisible()).toBe(true);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Accueil', exact: true }).click();
    await page.waitForURL(`${baseURL()}/`);
  });

  it('serves robots.txt and sitemap.xml', async () => {
    const robots = await fetch(`${baseURL()}/robots.txt`);
    expect(await robots.text()).toContain(`Sitemap: ${baseURL()}/sitemap.xml`);
    const sitemap = await fetch(`${baseURL()}/sitemap.xml`);
    expect(await sitemap.text()).toContain(`<loc>${baseURL()}/a-propos</loc>`);
  });
});

describe('pricing', () => {
  it('shows the orange alert only for ?message=subscription_required', async () => {
    const page = await newPage();
    await page.goto('/pricing?message=subscription_required');
    await waitForHydration(page);
    await expect.poll(() => page.getByRole('alert').count()).toBe(1);
    await expectAccessible(page);
    await page.goto('/pricing');
    await waitForHydration(page);
    expect(await page.getByRole('alert').count()).toBe(0);
    const text = await page.locator('main').textContent();
    expect(text).toContain('Recommandé');
    expect(text).toMatch(/99\s?€/);
    expect(text).toMatch(/1\s?000\s?€|1000\s?€/);
    expect(text).toMatch(/188\s?€/);
    expect(text).toMatch(/14 jours/);
  });
});

describe('prerendered pages before their scripts run', () => {
  it('paint from their HTML, hold a form sent before hydration, and send it once hydrated', async () => {
    // The scripts are not announced in the HTML: the page starts them after its first paint
    // (apps/web/scripts/start-after-paint.ts).
    const html = await (await fetch(`${baseURL()}/auth`)).text();
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('requestAnimationFrame');

    // A wrong password: the refusal logs its status once the form is really sent.
    const page = await newPage({ allowConsoleErrors: /status of 401/ });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // React Router's entry waits: the page is readable but not hydrated.
    await page.route('**/assets/entry.client-*.js', async (route) => {
      await held;
      await route.continue();
    });
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await page.goto('/auth');
    expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull();
    await page.getByLabel('Email', { exact: true }).fill('jeanne.martin@exemple.fr');
    await page.getByLabel('Mot de passe', { exact: true }).fill('Mauvais1motdepasse');
    await page.getByLabel('Mot de passe', { exact: true }).press('Enter');

    // A form the browser sent itself would have left at once, as a GET with the password in
    // the address; by the time React has hydrated, it would have been seen.
    release();
    await waitForHydration(page);
    expect(documents).toEqual([`${baseURL()}/auth`]);
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('jeanne.martin@exemple.fr');

    // Hydrated: the Enter pressed before is sent by React, without pressing it again.
    await expect
      .poll(() => page.locator('[data-sonner-toast]').filter({ hasText: 'Email ou mot de passe incorrect' }).count(), {
        timeout: 5000,
      })
      .toBe(1);
  });
  it('load no script for a visitor who only reads, and start them at the first interaction', async () => {
    const page = await newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(scripts).toEqual([]);
    expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull();
    // Links work by themselves meanwhile (a full page load, prerendered).
    await page.mouse.move(200, 200);
    await waitForHydration(page);
    expect(scripts.some((s) => s.includes('/assets/framework-'))).toBe(true);
    await expectAccessible(page);
  });

  it('start at once for a member signed in on this browser, and where a part still loading is in view', async () => {
    const member = await newPage();
    await member.goto('/');
    await member.evaluate(() => localStorage.setItem('synergie:signed-in', '1'));
    await member.goto('/pricing');
    // No interaction: the signed-in hint starts them (the session query then corrects it).
    await member.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });

    const visitor = await newPage();
    // The groups' list is loaded by the page's scripts: in view, it starts them. (/events comes
    // with its lists written in by the server and starts nothing: e2e/events.e2e.ts.)
    await visitor.goto('/groupes');
    await visitor.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    await visitor.waitForFunction(() => document.querySelectorAll('main [aria-busy="true"]').length === 0);
  });

  it('hold a click on a control only React drives, and make it once hydrated', async () => {
    const page = await newPage();
    await page.goto('/a-propos');
    await page.goto('/cette-page-nexiste-pas');
    expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull();
    // `Retour` is a button React drives (history back): the click starts the scripts, is held,
    // and is made again once the page is hydrated.
    await page.getByRole('button', { name: 'Retour' }).click();
    await page.waitForURL(`${baseURL()}/a-propos`);
  });

  it('say so, with a way to reload, when a script cannot be loaded', async () => {
    const page = await newPage({
      allowConsoleErrors: /Failed to load resource|net::ERR_FAILED/,
      allowPageErrors: /Failed to fetch dynamically imported module/,
    });
    await page.route('**/assets/entry.client-*.js', (route) => route.abort('failed'));
    await page.goto('/contact');
    // The visitor starts using the page: its scripts are fetched then (decision 0010).
    await page.mouse.move(1, 1);
    const alert = page.getByRole('alert').filter({ hasText: 'La page n’a pas pu être chargée entièrement' });
    await alert.waitFor();
    expect(await alert.getByRole('button', { name: 'Recharger la page' }).count()).toBe(1);
    expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull();
    // The page itself is still there to read.
    expect(await page.locator('h1').count()).toBe(1);
    await expectAccessible(page);
  });
});

/**
 * Issue 20: every control of a public page works with no script at all. The forms are real
 * forms posted to their own page; the server answers (docs/decisions/0012).
 */
describe('public pages with JavaScript turned off', () => {
  /** A refused form's document answers 4xx: the browser logs its status, as it does for any. */
  const refusedStatus = /status of 40[01]/;

  /**
   * axe runs as a script, which a page without JavaScript cannot run: the same document (the
   * server's answer holds no script) is checked in a page that can, at the same address.
   */
  async function expectAccessibleWithoutScripts(page: Page) {
    const html = await page.content();
    const checker = await newPage();
    await checker.route(page.url(), (route) => route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' }));
    await checker.goto(page.url());
    await expectAccessible(checker);
  }

  it('/: every link leads to a page, the menu opens, the account link and the footer work', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/');
    // Every link of the home page answers a page of its own, without any script.
    const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    const internal = [...new Set(hrefs.filter((h) => h.startsWith('/') && !h.startsWith('//')))];
    expect(internal.length).toBeGreaterThan(10);
    for (const href of internal) {
      const res = await fetch(`${baseURL()}${href}`, { redirect: 'manual' });
      expect(res.status, href).toBeLessThan(400);
    }
    // Every button of the page is a form's own button or the menu's summary: none waits for a script.
    const inert = await page
      .locator('button:not(form button), [role="button"]:not(summary)')
      .evaluateAll((els) => els.filter((el) => (el as HTMLElement).offsetParent !== null).map((el) => el.outerHTML));
    expect(inert).toEqual([]);
    await page.getByRole('link', { name: 'Aller au contenu' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/#contenu');
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Événements', exact: true })
      .click();
    await page.waitForURL('**/events');
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: /Conditions générales/ })
      .click();
    await page.waitForURL('**/cgu');
    await page.getByRole('banner').getByRole('link', { name: 'Inscription' }).first().click();
    await page.waitForURL('**/auth');
    await page.getByRole('link', { name: 'Retour à l’accueil' }).click();
    await page.waitForURL(`${baseURL()}/`);

    // The mobile menu: a <details> that opens without a script.
    const mobile = await newPage({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    await mobile.goto('/');
    await mobile.getByLabel('Ouvrir le menu', { exact: true }).click();
    const menu = mobile.getByRole('navigation', { name: 'Menu mobile' });
    expect(await menu.isVisible()).toBe(true);
    await menu.getByRole('link', { name: 'Blog' }).click();
    await mobile.waitForURL('**/blog');
  });

  it('/contact: a missing field is refused in French with what was typed kept, then the message is sent', async () => {
    const page = await newPage({ javaScriptEnabled: false, allowConsoleErrors: refusedStatus });
    const email = `sans-script.${Date.now()}@exemple.fr`;
    await page.goto('/contact');
    await page.getByLabel('Nom complet').fill('Léa Fontaine');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Envoyer le message' }).click();

    // The same page, answered by the server: the schema's message under the empty field.
    const parsed = contactSchema.safeParse({ name: 'Léa Fontaine', email, message: '' });
    const expected = parsed.success ? '' : (parsed.error.issues.find((i) => i.path[0] === 'message')?.message ?? '');
    expect(expected).not.toBe('');
    const message = page.getByRole('textbox', { name: 'Message' });
    await page.getByText(expected).waitFor();
    expect(await message.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('alert').textContent()).toContain(pageFormMessages.refused);
    expect(await page.getByLabel('Nom complet').inputValue()).toBe('Léa Fontaine');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    expect(new URL(page.url()).search).toBe('');
    await expectAccessibleWithoutScripts(page);

    await message.fill('Bonjour, je voudrais rejoindre le groupe de Lyon.');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.waitForURL('**/contact?envoye=1');
    expect(await page.getByRole('status').textContent()).toBe(contactMessages.success);
    await expectAccessibleWithoutScripts(page);
    const confirmation = await mailTo(email, (m) => m.template === 'contact-confirmation', 'contact confirmation');
    expect(confirmation.subject).toContain('Nous avons bien reçu votre message');
  });

  it('/auth: a wrong password is refused in French, the right one signs the member in', async () => {
    const member = await signUpMember({ name: 'Inès Garnier' });
    const page = await newPage({ javaScriptEnabled: false, allowConsoleErrors: refusedStatus });
    await page.goto('/auth');
    // The buttons that need React (show the password, a code by email, a passkey) are hidden
    // without scripts: the only button is the form's own.
    const buttons = await page.getByRole('main').getByRole('button').all();
    const visible = [];
    for (const button of buttons) if (await button.isVisible()) visible.push(await button.textContent());
    expect(visible).toEqual(['Se connecter']);
    await page.getByLabel('Email', { exact: true }).fill(member.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('Mauvais1motdepasse');
    await page.getByLabel('Mot de passe', { exact: true }).press('Enter');

    await page.getByRole('alert').filter({ hasText: 'Email ou mot de passe incorrect' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    expect(page.url()).not.toContain('Mauvais1motdepasse');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(member.email);
    expect(await page.getByLabel('Mot de passe', { exact: true }).inputValue()).toBe('');
    await expectAccessibleWithoutScripts(page);

    await page.getByLabel('Mot de passe', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await page.waitForURL('**/?connecte=1');
    expect(page.url()).not.toContain(member.password);
    expect(await page.getByRole('status').textContent()).toContain(pageFormMessages.signedIn('Inès Garnier'));
    // The session is the browser's: the API knows the member.
    const cookies = await page.context().cookies();
    const session = await fetch(`${baseURL()}/api/auth/get-session`, {
      headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
    });
    expect((await session.json()).user.email).toBe(member.email);
  });

  it('/auth/inscription: creates the account and mails the verification link', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    const email = `inscription.${Date.now()}@exemple.fr`;
    await page.goto('/auth/inscription');
    await page.getByLabel('Nom complet').fill('Paul Girard');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('Synergie-2026');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.waitForURL('**/?bienvenue=1');
    expect(await page.getByRole('status').textContent()).toContain(pageFormMessages.signedUp);
    const mail = await mailTo(email, (m) => m.template === 'verify-email', 'verification');
    expect(mail.text).toContain('/api/auth/verify-email');
  });

  it('/reset-password: asks for the link, mailed to the member', async () => {
    const member = await signUpMember({ name: 'Sofia Perrin' });
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/auth');
    await page.getByRole('link', { name: /Mot de passe oublié/ }).click();
    await page.waitForURL('**/reset-password');
    await page.getByLabel('Email', { exact: true }).fill(member.email);
    await page.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }).click();
    await page.waitForURL('**/reset-password?envoye=1');
    expect(page.url()).not.toContain(encodeURIComponent(member.email));
    expect(await page.getByRole('status').textContent()).toContain(authMessages.resetSentDetail);
    const mail = await mailTo(member.email, (m) => m.template === 'reset-password', 'reset');
    expect(decodeURIComponent(mail.text)).toContain('/update-password');
  });
});
