import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseURL, useBrowser, waitForHydration } from './helpers/browser';
import { apiHeaders, type Member, signInPage, signUpMember, subscribe } from './helpers/member';

/**
 * Issue 8, hostile input: markup saved through every form whose text a page shows is displayed
 * as text and never runs, in a real browser. The payload sets `window.__xss` if it ever runs (as
 * an element's handler or as a script); the page's text must show it literally.
 */
const { newPage } = useBrowser();

const XSS = '<img src=x onerror=__xss=1><script>__xss=1</script>';
const VISIBLE = '<img src=x onerror=__xss=1>';

let author: Member;
let reader: Member;
let authorId = '';

async function post(member: Member, path: string, body: unknown, method = 'POST') {
  const res = await fetch(`${baseURL()}${path}`, { method, headers: apiHeaders(member), body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

beforeAll(async () => {
  author = await signUpMember({ name: 'Auteur Piégé' });
  reader = await signUpMember({ name: 'Lectrice Prudente' });
  await subscribe(author);
  await subscribe(reader);
  await post(
    author,
    '/api/me/profile',
    {
      fullName: `Claire ${VISIBLE}`,
      companyName: XSS,
      phone: '',
      bio: `${XSS} Consultante.`,
      profession: '<script>__xss=1</script>',
      industry: 'Conseil',
      city: 'Lyon',
      sponsorName: '',
      websiteUrl: '',
      linkedinUrl: '',
      twitterUrl: '',
      githubUrl: '',
      facebookUrl: '',
      skills: [VISIBLE],
      lookingFor: [],
    },
    'PUT',
  );
  authorId = (await (await fetch(`${baseURL()}/api/me`, { headers: apiHeaders(author) })).json()).user.id;
  await post(author, '/api/services', { title: XSS, description: XSS, features: [VISIBLE] });
  await post(author, '/api/projects', {
    title: XSS,
    description: XSS,
    category: 'Site vitrine',
    tags: ['Design'],
    projectUrl: '',
    imageUrl: '',
  });
  await post(author, '/api/jobs', {
    title: XSS,
    location: 'Lyon',
    type: 'CDI',
    experience: '3 ans minimum',
    description: XSS,
    skills: VISIBLE,
  });
  await post(author, '/api/events', {
    title: XSS,
    description: XSS,
    date: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
    time: '18:30',
    location: VISIBLE,
    maxAttendees: '',
    categoryId: '',
  });
});

/** Dialogs a page opened (alert, confirm, prompt): a payload that ran would open one. */
const dialogsOf = new WeakMap<Page, string[]>();
async function watchedPage(member?: Member) {
  const page = await newPage();
  if (member) await signInPage(page, member);
  const dialogs: string[] = [];
  dialogsOf.set(page, dialogs);
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return page;
}

/** Waits for the stored text on the page as it is, and checks that none of it ran or became markup. */
async function expectInertHere(page: Page) {
  await page.getByText(VISIBLE, { exact: false }).first().waitFor();
  const found = await page.evaluate(() => ({
    ran: (window as unknown as { __xss?: unknown }).__xss,
    injectedImages: document.querySelectorAll('img[src="x"]').length,
    // Scripts that run (no type, or a JavaScript one) holding the payload.
    injectedScripts: [...document.scripts].filter(
      (s) => ['', 'module', 'text/javascript'].includes(s.type) && s.textContent?.includes('__xss'),
    ).length,
    // Data blocks (the member page's JSON-LD) hold the text as valid JSON, never a closing tag.
    brokenDataBlocks: [...document.querySelectorAll('script[type="application/ld+json"]')].filter((s) => {
      try {
        JSON.parse(s.textContent ?? '');
        return /<\/?script/i.test(s.textContent ?? '');
      } catch {
        return true;
      }
    }).length,
  }));
  expect(found, page.url()).toEqual({ ran: undefined, injectedImages: 0, injectedScripts: 0, brokenDataBlocks: 0 });
  expect(dialogsOf.get(page), page.url()).toEqual([]);
}

async function expectInert(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  await expectInertHere(page);
}

describe('stored markup', () => {
  it('is shown as text on the public lists, to a visitor', async () => {
    const page = await watchedPage();
    for (const path of ['/services', '/portfolio', '/careers', '/events']) await expectInert(page, path);
  });

  it('is shown as text on the member pages, to a subscriber', async () => {
    const page = await watchedPage(reader);
    for (const path of ['/services', '/portfolio', '/careers', '/events', `/membres/${authorId}`]) {
      await expectInert(page, path);
    }
    // The directory, searched for the author.
    await page.goto('/members');
    await waitForHydration(page);
    await page.getByLabel('Rechercher').fill('onerror');
    await expectInertHere(page);
  });

  it("is shown as text in the author's own space", async () => {
    const page = await watchedPage(author);
    await expectInert(page, '/my-projects');
  });
});
