import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NEW_VERSION_MESSAGE } from '@synergie/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { KEEP_DAYS, keepAssets } from '../src/lib/kept-assets';
import { createTestApp } from './helpers/app';
import { createTestDatabase } from './helpers/db';

/** A stand-in web build with one route chunk, as `react-router build` writes it. */
function build(root: string, chunk: string) {
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(path.join(root, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'index.html'),
    `<!doctype html><html><body><script type="module" src="/assets/${chunk}"></script></body></html>`,
  );
  fs.writeFileSync(path.join(root, '__spa-fallback.html'), '<!doctype html><html><body>Chargement</body></html>');
  fs.writeFileSync(path.join(root, 'assets', chunk), `export const build = ${JSON.stringify(chunk)};`);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-kept-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const webDir = path.join(tmp, 'web');
const dataDir = path.join(tmp, 'data');
const database = await createTestDatabase();
const script = { 'sec-fetch-dest': 'script' };

describe('deployments never break an open tab', () => {
  it("serves the previous build's chunks after a new build, then tells a script of a gone build to reload", async () => {
    build(webDir, 'route-a-111.js');
    const first = await createTestApp({ webDir, database, env: { DATA_DIR: dataDir } });
    expect((await first.app.inject('/assets/route-a-111.js')).body).toContain('route-a-111.js');
    await first.app.close();

    // The next deployment: a new build, the same data folder. A tab of the first build still loads.
    build(webDir, 'route-b-222.js');
    const second = await createTestApp({ webDir, database, env: { DATA_DIR: dataDir } });
    const old = await second.app.inject({ url: '/assets/route-a-111.js', headers: script });
    expect(old.statusCode).toBe(200);
    expect(old.headers['content-type']).toContain('javascript');
    expect(old.headers['cache-control']).toContain('immutable');
    expect(old.body).toBe('export const build = "route-a-111.js";');
    expect((await second.app.inject('/assets/route-b-222.js')).body).toContain('route-b-222.js');

    // A chunk no build kept: a module that says so and never finishes (no reload loop).
    const gone = await second.app.inject({ url: '/assets/route-z-999.js', headers: script });
    expect(gone.statusCode).toBe(200);
    expect(gone.headers['cache-control']).toBe('no-store');
    expect(gone.body).toContain(JSON.stringify(NEW_VERSION_MESSAGE));
    expect(gone.body).toContain('"Recharger"');
    expect(gone.body).toContain('await new Promise(() => {});');
    expect(gone.body).not.toContain('location.reload();\n'); // reloads only on the button
    // A person (or a crawler) opening the address gets a 404, never a script; no path escapes.
    expect(
      (await second.app.inject({ url: '/assets/route-z-999.js', headers: { 'sec-fetch-dest': 'document' } }))
        .statusCode,
    ).toBe(404);
    expect((await second.app.inject('/assets/missing.css')).statusCode).toBe(404);
    expect((await second.app.inject({ url: '/assets/..%2F..%2Fetc%2Fpasswd', headers: script })).statusCode).not.toBe(
      500,
    );
    await second.app.close();
  });

  it(`keeps a file ${KEEP_DAYS} days after the last build that carried it, then removes it`, () => {
    const assets = path.join(tmp, 'prune-build');
    const kept = path.join(tmp, 'prune-kept');
    fs.mkdirSync(assets, { recursive: true });
    fs.writeFileSync(path.join(assets, 'a.js'), 'a');
    const day = 24 * 60 * 60 * 1000;
    const t0 = Date.now() - 30 * day;
    expect(keepAssets(assets, kept, t0)).toMatchObject({ kept: 1, removed: 0 });
    fs.rmSync(path.join(assets, 'a.js'));
    fs.writeFileSync(path.join(assets, 'b.js'), 'b');
    expect(keepAssets(assets, kept, t0 + (KEEP_DAYS - 1) * day)).toMatchObject({ kept: 2, removed: 0 });
    // a.js was last in a build at t0: kept until then + 7 days, removed after.
    expect(keepAssets(assets, kept, t0 + (KEEP_DAYS + 1) * day)).toMatchObject({ kept: 1, removed: 1 });
    expect(fs.readdirSync(kept)).toEqual(['b.js']);
  });
});
