import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { NEW_VERSION_MESSAGE, publicPages } from '@synergie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../bench/lib/free-port.mjs';
import { serverArgs } from '../bench/lib/server-command.mjs';
import { baseURL, useBrowser, waitForHydration } from './helpers/browser';

const root = path.resolve(import.meta.dirname, '..');
const { newPage } = useBrowser();

/** The served HTML of every public page, the 404 page and the application shell. */
const servedPaths = [...publicPages.map((p) => p.path), '/nexiste-pas', '/profile'];

/**
 * The W3C Nu HTML checker (npm vnu-jar, Java) on the HTML the server sends. What is filtered, and
 * why: only messages about the inline style sheet's CSS that the checker's CSS validator does not
 * know yet, every one valid CSS that browsers apply.
 */
const FILTERS: { pattern: RegExp; reason: string }[] = [
  {
    pattern: /^CSS: Unrecognized at-rule “@property”/,
    reason: 'Tailwind 4 registers its custom properties with @property (CSS Properties and Values API Level 1)',
  },
  {
    pattern: /^CSS: “transition-property”: “--tw-[\w-]+” is not a “transition-property” value/,
    reason: 'a custom property is a valid transition-property value (CSS Transitions: <custom-ident>)',
  },
  {
    pattern: /^CSS: “margin-trim”: Property “margin-trim” doesn't exist/,
    reason: 'margin-trim is CSS Box Model Level 4, applied by Safari; others ignore it',
  },
];

interface NuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: 'warning' | 'fatal';
  message: string;
  url: string;
  extract?: string;
}

describe('the served HTML', () => {
  it('has no error and no warning for the Nu HTML checker on every public page, the 404 page and the shell', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-nu-'));
    const files: string[] = [];
    for (const pagePath of servedPaths) {
      const response = await fetch(`${baseURL()}${pagePath}`);
      const file = path.join(dir, `${pagePath.replace(/\W+/g, '_') || 'accueil'}.html`);
      fs.writeFileSync(file, await response.text());
      files.push(file);
    }
    const vnu = createRequire(import.meta.url)('vnu-jar') as string;
    // vnu exits 1 when it reports errors: its JSON report is read either way.
    const output = await promisify(execFile)('java', ['-jar', String(vnu), '--format', 'json', ...files], {
      maxBuffer: 64 * 1024 * 1024,
    }).then(
      (r) => r.stderr,
      (e: { stderr?: string }) => e.stderr ?? '',
    );
    const messages = (JSON.parse(output) as { messages: NuMessage[] }).messages;
    const reported = messages
      .filter((m) => m.type === 'error' || m.type === 'non-document-error' || m.subType === 'warning')
      .filter((m) => !FILTERS.some((f) => f.pattern.test(m.message)))
      .map((m) => `${path.basename(m.url)}: ${m.message}${m.extract ? ` (${m.extract.trim().slice(0, 120)})` : ''}`);
    expect(reported).toEqual([]);
    // Each filter still matches something: a filter that no longer applies is removed.
    for (const filter of FILTERS) {
      expect(
        messages.some((m) => filter.pattern.test(m.message)),
        `filter no longer needed: ${filter.reason}`,
      ).toBe(true);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('one build served on two addresses', () => {
  let other: ReturnType<typeof spawn> | undefined;
  let otherURL = '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-e2e-second-'));

  beforeAll(async () => {
    const port = await freePort();
    otherURL = `http://127.0.0.1:${port}`;
    // The same build as the suite's server, started with another SITE_URL.
    other = spawn(process.execPath, serverArgs, {
      cwd: root,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SMTP_URL: '',
        SITE_URL: 'https://recette.synergie-pro.example',
        LOG_LEVEL: 'warn',
        JOBS_START_DELAY_MS: '600000',
      },
      stdio: 'ignore',
    });
    for (let i = 0; i < 120; i++) {
      try {
        if ((await fetch(`${otherURL}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('the second server did not start');
  });

  afterAll(() => {
    other?.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("writes each server's SITE_URL into canonical, og:url and JSON-LD, and the sitemap", async () => {
    for (const [origin, site] of [
      [baseURL(), baseURL()],
      [otherURL, 'https://recette.synergie-pro.example'],
    ] as const) {
      for (const pagePath of ['/', '/pricing', '/events']) {
        const html = await (await fetch(`${origin}${pagePath}`)).text();
        expect(html, pagePath).not.toContain('adresse-du-site.invalid');
        expect(html).toContain(`<link rel="canonical" href="${site}${pagePath === '/' ? '/' : pagePath}"`);
        expect(html).toContain(`<meta property="og:url" content="${site}${pagePath === '/' ? '/' : pagePath}"`);
        if (pagePath === '/') expect(html).toContain(`"url":"${site}/"`);
      }
      expect(await (await fetch(`${origin}/sitemap.xml`)).text()).toContain(`<loc>${site}/pricing</loc>`);
    }
  });

  it('shows the preview banner and the pricing notice with scripts off, where the server knows them', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/pricing?message=subscription_required');
    expect(await page.getByText('Abonnement requis').isVisible()).toBe(true);
    await page.goto('/pricing');
    expect(await page.getByText('Abonnement requis').isVisible()).toBe(false);
    // A preview host: the banner is in the HTML, in the flow (nothing under it).
    const preview = await new Promise<string>((resolve, reject) => {
      const url = new URL(baseURL());
      http
        .get(
          { host: url.hostname, port: url.port, path: '/', headers: { host: 'preview.synergie-pro.example' } },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              body += chunk;
            });
            res.on('end', () => resolve(body));
          },
        )
        .on('error', reject);
    });
    expect(preview).toContain('<div data-served="preview-banner" role="status"');
  });
});

describe('a tab opened before a deployment', () => {
  it('shows that a new version is there, with Recharger, instead of reloading again and again', async () => {
    const page = await newPage({ allowConsoleErrors: /Error loading route module|Failed to fetch dynamically/ });
    await page.goto('/');
    await waitForHydration(page);
    let loads = 0;
    page.on('load', () => {
      loads++;
    });
    // A chunk of a build no server keeps any more, as React Router asks for a route module.
    // (A string: the test runner would rewrite an import() written in a function.)
    void page.evaluate(`import('/assets/route-disparue-${Date.now()}.js')`).catch(() => {});
    const alert = page.getByRole('alert').filter({ hasText: NEW_VERSION_MESSAGE });
    await alert.waitFor();
    const reload = alert.getByRole('button', { name: 'Recharger' });
    await expect.poll(() => reload.evaluate((b) => b === document.activeElement)).toBe(true);
    await page.waitForTimeout(1500);
    expect(loads).toBe(0);
    await Promise.all([page.waitForEvent('load'), reload.click()]);
    expect(await page.getByRole('alert').filter({ hasText: NEW_VERSION_MESSAGE }).count()).toBe(0);
  });
});
