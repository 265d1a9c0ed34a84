import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { visitMessages } from '@synergie/shared';
import { sql } from 'drizzle-orm';
import { escapeText } from 'entities';
import { afterAll, describe, expect, it } from 'vitest';
import { meetings } from '../src/db/schema';
import { createTestApp } from './helpers/app';
import { catalogue, createGroup } from './helpers/groups';

/**
 * /groupes/{slug}/visiter as served (routes/visit-page.ts): the group's name, its next meeting and
 * the form in the HTML before any script, the honeypot hidden from people and screen readers; the
 * form posted without scripts answered by a page without scripts.
 */
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-visit-'));
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));
fs.writeFileSync(
  path.join(webDir, '__spa-fallback.html'),
  '<!DOCTYPE html><html lang="fr"><head><title>Synergie Pro</title><link rel="modulepreload" href="/assets/entry.js"/></head><body class="flex min-h-screen flex-col"><div class="flex min-h-screen items-center justify-center" aria-busy="true"><p role="status">Chargement...</p></div><script>window.__reactRouterContext = {};</script><script type="module" async="">import "/assets/entry.js";</script></body></html>',
);

const t = await createTestApp({ webDir });
const db = t.database.db;
const group = await createGroup(db, { name: 'Synergie Pro Lyon Visite' });
const startsAt = new Date(Date.now() + 3 * 86_400_000);
await db.insert(meetings).values({
  groupId: group.id,
  scheduledOn: startsAt.toISOString().slice(0, 10),
  startsAt,
  endsAt: new Date(startsAt.getTime() + 90 * 60_000),
  place: '12 rue de la République, Lyon',
});
const trade = (await catalogue(db))[3] as { id: string; label: string };

describe('the visitors’ page as served', () => {
  it('holds the group, its next meeting and a real form before any script', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/groupes/${group.slug}/visiter` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain(escapeText(visitMessages.pageTitle(group.name)));
    expect(html).toContain('12 rue de la République, Lyon');
    expect(html).toContain(`<form action="/groupes/${group.slug}/visiter" method="post"`);
    for (const name of ['name', 'email', 'phone', 'company', 'tradeId', 'consent'])
      expect(html).toContain(`name="${name}"`);
    // The honeypot: out of sight and out of the accessibility tree, never reached by Tab.
    expect(html).toMatch(
      /<div aria-hidden="true" class="hidden"><label for="visite-site">[^<]*<\/label><input id="visite-site" name="site" type="text" tabindex="-1"/,
    );
    expect((await t.app.inject({ method: 'GET', url: '/groupes/inconnu/visiter' })).statusCode).toBe(404);
  });

  it('answers a form posted without scripts with a page without scripts', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: `/groupes/${group.slug}/visiter`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ name: 'Sophie Martin', email: 'sophie@exemple.fr', tradeId: trade.id }).toString(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(escapeText(visitMessages.consentRequired));
    expect(refused.body).toContain('value="sophie@exemple.fr"');
    expect(refused.body).not.toContain('<script type="module"');

    const done = await t.app.inject({
      method: 'POST',
      url: `/groupes/${group.slug}/visiter`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        name: 'Sophie Martin',
        email: 'sophie@exemple.fr',
        tradeId: trade.id,
        consent: 'on',
        site: '',
      }).toString(),
    });
    expect(done.statusCode, done.body).toBe(201);
    expect(done.body).toContain(escapeText(visitMessages.registered));
    expect(done.body).toContain(escapeText(visitMessages.seatFree(trade.label)));
    expect(done.body).toContain('/api/invitation/ics?jeton=');
    const { rows } = await db.execute(sql`select 1 from guests where email = 'sophie@exemple.fr' and source = 'self'`);
    expect(rows).toHaveLength(1);
  });
});
