import { randomInt } from 'node:crypto';
import { forumMessages as M } from '@synergie/shared/forum-constants';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { adminMember, signInPage } from './helpers/member';
import { api, tradeSubscriber } from './helpers/network';

const { newPage } = useBrowser();

const subscriber = (name: string, trade: string) => tradeSubscriber(name, trade, 'Nantes');

/** Letters only (a mention is `@` and letters): a name no other run of the suite has. */
function uniqueWord() {
  const letters = 'bcdfghjklmnpqrstvwxz';
  let word = 'Z';
  for (let i = 0; i < 7; i++) word += letters[randomInt(letters.length)];
  return word;
}

interface Notifications {
  items: { kind: string; title: string; link: string | null }[];
}

const topicIdOf = (page: Page) => new URL(page.url()).pathname.split('/').at(-1) ?? '';

describe('forum: ask, answer, mention, accept, report, hide', () => {
  it('a subscriber asks, another answers mentioning a third, the asker accepts; a reported reply is hidden by an admin', async () => {
    const tag = uniqueWord();
    const alice = await subscriber(`Alice ${tag}`, 'Notaire');
    const bruno = await subscriber(`Bruno ${tag}`, 'Plombier chauffagiste');
    const chloe = await subscriber(`${tag} Chloé`, 'Fleuriste');
    const denis = await subscriber(`Denis ${tag}`, 'Électricien');
    const title = `Quel logiciel de facturation choisir ? ${tag}`;

    // Alice asks in a national category through the UI.
    const a = await newPage();
    await signInPage(a, alice);
    await a.goto('/forum');
    await waitForHydration(a);
    await a.getByRole('heading', { name: 'Catégories', level: 2 }).waitFor();
    await expectAccessible(a);
    await a.getByRole('link', { name: M.newTopic }).click();
    await a.waitForURL('**/forum/nouveau');
    await a.getByLabel('Catégorie', { exact: true }).selectOption('entraide');
    // The form's French refusals first.
    await a.getByRole('button', { name: 'Publier la question' }).click();
    await a.getByText(M.titleTooShort).waitFor();
    await a.getByText(M.bodyRequired).waitFor();
    await a.getByLabel('Titre de la question').fill(title);
    await a.getByLabel('Votre question').fill('Je crée mon entreprise.\nQuel logiciel simple me conseillez-vous ?');
    await a.getByLabel(M.publicQuestion).check();
    await expectAccessible(a);
    await a.getByRole('button', { name: 'Publier la question' }).click();
    await a.waitForURL(/\/forum\/sujets\/[0-9a-f-]{36}$/);
    const topicId = topicIdOf(a);
    await a.getByRole('heading', { name: title, level: 1 }).waitFor();
    await expectAccessible(a);

    // Bruno answers through the UI and mentions Chloé with `@` (the listbox, the keyboard).
    const b = await newPage();
    await signInPage(b, bruno);
    await b.goto(`/forum/sujets/${topicId}`);
    await waitForHydration(b);
    const replyBox = b.getByLabel('Votre réponse');
    await replyBox.fill('Un tableur suffit au début, demandez aussi à ');
    await replyBox.pressSequentially(`@${tag}`, { delay: 30 });
    await b.getByRole('listbox', { name: 'Membres à mentionner' }).waitFor();
    await b.getByRole('option', { name: new RegExp(`${tag} Chloé`) }).waitFor();
    await expectAccessible(b);
    await replyBox.press('Enter');
    expect(await replyBox.inputValue()).toContain(`@${tag} Chloé `);
    await replyBox.pressSequentially('qui a comparé les outils.');
    await b.getByRole('button', { name: M.reply, exact: true }).click();
    const brunoReply = b.getByRole('article', { name: `Réponse de Bruno ${tag}` });
    await brunoReply.waitFor();
    // The mention links to Chloé's page.
    expect(await brunoReply.getByRole('link', { name: `@${tag} Chloé` }).getAttribute('href')).toBe(
      `/membres/${chloe.id}`,
    );

    // Chloé is notified of the mention, Alice of the reply; both link to the topic.
    await expect
      .poll(async () => {
        const { items } = await api<Notifications>(chloe, 'GET', '/api/me/notifications');
        return items.some((n) => n.kind === 'forum_mention' && n.link?.includes(`/forum/sujets/${topicId}`));
      })
      .toBe(true);
    await expect
      .poll(async () => {
        const { items } = await api<Notifications>(alice, 'GET', '/api/me/notifications');
        return items.some((n) => n.kind === 'forum_reply' && n.link?.includes(`/forum/sujets/${topicId}`));
      })
      .toBe(true);

    // A later reply by Denis, before the acceptance.
    await api(denis, 'POST', `/api/forum/topics/${topicId}/posts`, {
      body: 'Promotion : achetez ma formation sur mon site !',
      mentions: [],
    });

    // Alice accepts Bruno's answer through the UI: it shows first, under `Réponse acceptée`.
    await a.reload();
    await waitForHydration(a);
    await a
      .getByRole('article', { name: `Réponse de Bruno ${tag}` })
      .getByRole('button', { name: M.accept })
      .click();
    const acceptedHeading = a.getByRole('heading', { name: M.acceptedAnswer, level: 2 });
    await acceptedHeading.waitFor();
    const acceptedSection = a.locator('section', { has: acceptedHeading });
    await acceptedSection.getByText('Un tableur suffit au début').waitFor();
    const order = await a.evaluate(() => [...document.querySelectorAll('h2')].map((h) => h.textContent ?? ''));
    expect(order.findIndex((h) => h.startsWith(M.acceptedAnswer))).toBeLessThan(
      order.findIndex((h) => h.startsWith('Réponses')),
    );
    await expectAccessible(a);

    // The category's list shows the badge with the accepted excerpt.
    await a.goto('/forum/entraide');
    await waitForHydration(a);
    const row = a.getByRole('article').filter({ has: a.getByRole('link', { name: title }) });
    await row.getByText(M.acceptedAnswer).waitFor();
    await row.getByText(/Un tableur suffit/).waitFor();
    await expectAccessible(a);

    // Chloé reports Denis's reply with a reason (an accessible dialog).
    const c = await newPage();
    await signInPage(c, chloe);
    await c.goto(`/forum/sujets/${topicId}`);
    await waitForHydration(c);
    await c.getByRole('button', { name: `${M.report} le message de Denis ${tag}` }).click();
    const dialog = c.getByRole('dialog', { name: 'Signaler ce message' });
    await dialog.waitFor();
    await expectAccessible(c);
    await dialog.getByLabel('Raison (facultatif)').fill('Publicité pour sa formation.');
    await dialog.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await c.getByText(M.reported).waitFor();

    // An admin hides it from /forum/moderation with a reason.
    const admin = await adminMember();
    const m = await newPage();
    await signInPage(m, admin);
    await m.goto('/forum/moderation');
    await waitForHydration(m);
    const report = m.getByRole('article', { name: `Signalement de la réponse de Denis ${tag}` });
    await report.waitFor();
    await report.getByText('Publicité pour sa formation.').waitFor();
    await expectAccessible(m);
    await report.getByRole('button', { name: `${M.hide} la réponse de Denis ${tag}` }).click();
    const hideDialog = m.getByRole('dialog', { name: 'Masquer ce message' });
    await hideDialog.getByRole('button', { name: M.hide, exact: true }).click();
    await hideDialog.getByText(M.reasonRequired).waitFor();
    await hideDialog.getByLabel('Raison').fill('Publicité interdite sur le forum.');
    await hideDialog.getByRole('button', { name: M.hide, exact: true }).click();
    await m.getByText('Message masqué.').waitFor();
    await m.getByRole('link', { name: 'Masqués' }).click();
    await m.getByRole('article', { name: `Signalement de la réponse de Denis ${tag}` }).waitFor();

    // The others see the placeholder, not the text; the admin still reads it with its reason.
    await b.reload();
    await waitForHydration(b);
    const hidden = b.getByRole('article', { name: `Réponse de Denis ${tag}` });
    await hidden.getByText(M.hiddenPlaceholder).waitFor();
    expect(await b.getByText('achetez ma formation').count()).toBe(0);
    await m.goto(`/forum/sujets/${topicId}`);
    await waitForHydration(m);
    await m.getByText(/Publicité interdite sur le forum\./).waitFor();
    await m.getByRole('button', { name: `${M.restore} le message de Denis ${tag}` }).waitFor();
    await expectAccessible(m);

    // A visitor reads the public question on the forum's pages.
    const v = await newPage();
    await v.goto(`/forum/sujets/${topicId}`);
    await waitForHydration(v);
    await v.getByRole('heading', { name: title, level: 1 }).waitFor();
    await v.getByRole('link', { name: 'Connectez-vous' }).waitFor();
    await expectAccessible(v);
  });

  it('nothing a member writes runs in the browser', async () => {
    const tag = uniqueWord();
    const alice = await subscriber(`Alice ${tag}`, 'Notaire');
    const bruno = await subscriber(`Bruno ${tag}`, 'Plombier chauffagiste');
    const topic = await api<{ id: string }>(alice, 'POST', '/api/forum/categories/entraide/topics', {
      title: `Un test de sécurité ${tag}`,
      body: '<script>window.__pwned=1</script>',
      isPublic: true,
      mentions: [],
    });
    const payload =
      '<script>window.__pwned=1</script>\n<img src=x onerror="window.__pwned=1">\n[clic](javascript:alert(1)) javascript:alert(1)\nhttps://exemple.fr/guide';

    // Bruno posts it through the UI.
    const b = await newPage();
    await signInPage(b, bruno);
    await b.goto(`/forum/sujets/${topic.id}`);
    await waitForHydration(b);
    await b.getByLabel('Votre réponse').fill(payload);
    await b.getByRole('button', { name: M.reply, exact: true }).click();
    const reply = b.getByRole('article', { name: `Réponse de Bruno ${tag}` });
    await reply.getByText(/onerror="window.__pwned=1"/).waitFor();

    for (const page of [b, await newPage()]) {
      if (page !== b) {
        await signInPage(page, alice);
        await page.goto(`/forum/sujets/${topic.id}`);
        await waitForHydration(page);
        await page.getByRole('article', { name: `Réponse de Bruno ${tag}` }).waitFor();
      }
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
      const article = page.getByRole('article', { name: `Réponse de Bruno ${tag}` });
      expect(await article.locator('script, img').count()).toBe(0);
      const hrefs = await article.locator('a').evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
      expect(hrefs.some((h) => /^\s*(javascript|data|vbscript):/i.test(h))).toBe(false);
      expect(hrefs).toContain('https://exemple.fr/guide');
      expect(await article.getByRole('link', { name: 'https://exemple.fr/guide' }).getAttribute('rel')).toContain(
        'ugc',
      );
      await article.getByText(/<script>window.__pwned=1<\/script>/).waitFor();
    }
  });

  it('a visitor is asked to sign in to read a members’ topic, and /forum is readable before scripts', async () => {
    const tag = uniqueWord();
    const alice = await subscriber(`Alice ${tag}`, 'Notaire');
    const topic = await api<{ id: string }>(alice, 'POST', '/api/forum/categories/entrepreneuriat/topics', {
      title: `Réservé aux membres ${tag}`,
      body: 'Entre nous.',
      isPublic: false,
      mentions: [],
    });
    const v = await newPage({ allowConsoleErrors: /status of 401/ });
    await v.goto(`/forum/sujets/${topic.id}`);
    await waitForHydration(v);
    await v.getByText(M.signInToRead).waitFor();
    expect(await v.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/auth');
    expect(await v.getByText('Entre nous.').count()).toBe(0);
    await expectAccessible(v);

    // The prerendered /forum: its title, intro and a search form that works without scripts.
    const html = await (await fetch(`${new URL(v.url()).origin}/forum`)).text();
    expect(html).toContain('<title>');
    expect(html).toMatch(/Forum/);
    expect(html).toContain('action="/forum/recherche"');

    await v.goto('/forum');
    await waitForHydration(v);
    await v.getByRole('heading', { name: 'Catégories', level: 2 }).waitFor();
    await v.getByRole('link', { name: 'Connectez-vous' }).waitFor();
    await expectAccessible(v);
    await v.getByLabel('Rechercher dans le forum').fill('facturation');
    await v.getByRole('button', { name: 'Rechercher', exact: true }).click();
    await v.waitForURL('**/forum/recherche?q=facturation');
    await v.getByRole('heading', { name: /résultats? pour/ }).waitFor();
    await expectAccessible(v);
  });
});
