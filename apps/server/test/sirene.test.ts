import {
  apiErrors,
  memberQuotas,
  membershipInvoiceMessages,
  quotaReachedMessage,
  selfBillingMessages,
} from '@synergie/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberQuotaCounters } from '../src/db/schema';
import { createSireneDirectory, DEMO_SIRENE, DemoSirene } from '../src/domain/sirene';
import { loadEnv } from '../src/env';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';
import { sireneCompanies as companies, SIRENE_KEY, startSireneServer } from './helpers/sirene-server';

/**
 * The member's SIREN looked up in INSEE's Sirene directory (issue 32, domain/sirene.ts), against a
 * local stand-in of API Sirene 3.11 (helpers/sirene-server.ts): the fields filled, the French
 * refusals (unknown, closed, a wrong key, INSEE down or slow), the quota, and the site without
 * the settings.
 */

const insee = await startSireneServer();
const t = await createTestApp({
  env: { SIRENE_API_URL: insee.url, SIRENE_API_KEY: SIRENE_KEY, SIRENE_TIMEOUT_MS: '300' },
});
// The same database, no Sirene settings: the lookup is not offered.
const off = await createTestApp({ database: t.database });
const db = t.database.db;

const lookUp = (member: Awaited<ReturnType<typeof signUp>>, siren: string) =>
  member.get(`/api/me/billing-details/sirene/${encodeURIComponent(siren)}`);

const counter = async (userId: string) => {
  const [row] = await db
    .select()
    .from(memberQuotaCounters)
    .where(and(eq(memberQuotaCounters.userId, userId), eq(memberQuotaCounters.quota, 'sireneLookups')));
  return row?.hourCount ?? 0;
};

describe('a SIREN looked up', () => {
  it('gives a company’s name and its head office’s address, and saves nothing', async () => {
    const member = await signUp(t);
    insee.calls.length = 0;
    const res = await lookUp(member, '552 081 317');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      siren: companies.active,
      name: 'DUPONT CONSEIL',
      addressLine: '12 BIS AVENUE DES CHAMPS ELYSEES',
      postcode: '75008',
      city: 'PARIS 8',
    });
    // The unit, then its head office (SIREN + NIC of the current period).
    expect(insee.calls).toEqual([`/siren/${companies.active}`, `/siret/${companies.active}00013`]);
    const mine = (await member.get('/api/me/membership-invoices')).json();
    expect(mine.sireneLookup).toBe(true);
    expect(mine.details).toEqual({
      siren: null,
      vatNumber: null,
      addressLine: null,
      postcode: null,
      city: null,
      country: 'FR',
      reverseCharge: false,
    });
  });

  it('names a sole trader `Prénom NOM`, with the address’s complement', async () => {
    const res = await lookUp(await signUp(t), companies.soleTrader);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      siren: companies.soleTrader,
      name: 'CLAIRE MARTIN',
      addressLine: '3 RUE DE LA REPUBLIQUE, BATIMENT C',
      postcode: '69002',
      city: 'LYON',
    });
  });

  it('leaves out what a company in diffusion partielle does not make public', async () => {
    const res = await lookUp(await signUp(t), companies.partial);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      siren: companies.partial,
      name: null,
      addressLine: null,
      postcode: '31000',
      city: 'TOULOUSE',
    });
  });

  it('refuses an unknown SIREN and a closed company in French', async () => {
    const member = await signUp(t);
    const unknown = await lookUp(member, companies.unknown);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: 'SIRENE_UNKNOWN', message: apiErrors.SIRENE_UNKNOWN.message });
    expect(unknown.json().error.message).toBe(
      'Aucune entreprise ne porte ce SIREN dans le répertoire Sirene de l’INSEE. Vérifiez le numéro.',
    );
    insee.calls.length = 0;
    const closed = await lookUp(member, companies.closed);
    expect(closed.statusCode).toBe(422);
    expect(closed.json().error).toEqual({ code: 'SIRENE_CLOSED', message: apiErrors.SIRENE_CLOSED.message });
    expect(closed.json().error.message).toMatch(/^Cette entreprise est fermée dans le répertoire Sirene/);
    // A closed company's office is not asked for.
    expect(insee.calls).toEqual([`/siren/${companies.closed}`]);
    // INSEE answered both: they count.
    expect(await counter(member.userId)).toBe(2);
  });

  it('refuses a SIREN with a wrong key or the wrong length with a 400 in French, without asking INSEE', async () => {
    const member = await signUp(t);
    insee.calls.length = 0;
    const wrongKey = await lookUp(member, '552081318');
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.json().error).toMatchObject({ code: 'VALIDATION', message: selfBillingMessages.sirenKey });
    const short = await lookUp(member, '1234');
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({ code: 'VALIDATION', message: membershipInvoiceMessages.sirenLength });
    expect(insee.calls).toEqual([]);
    expect(await counter(member.userId)).toBe(0);
  });

  it('says INSEE is unavailable when it fails or is slow, and gives the count back', async () => {
    const member = await signUp(t);
    for (const siren of [companies.failing, companies.slow]) {
      const started = Date.now();
      const res = await lookUp(member, siren);
      expect(res.statusCode, siren).toBe(503);
      expect(res.json().error).toEqual({
        code: 'SIRENE_UNAVAILABLE',
        message:
          'Le répertoire Sirene de l’INSEE ne répond pas pour l’instant\u00a0: saisissez vous-même l’adresse, ou réessayez plus tard.',
      });
      // SIRENE_TIMEOUT_MS (300 ms here) bounds the wait.
      expect(Date.now() - started).toBeLessThan(3000);
    }
    expect(await counter(member.userId)).toBe(0);
  });

  it('is refused when INSEE refuses the key (a setting gone wrong): unavailable, never the detail', async () => {
    const wrongKey = await createTestApp({
      database: t.database,
      env: { SIRENE_API_URL: insee.url, SIRENE_API_KEY: 'une-autre-cle' },
    });
    const member = await signUp(wrongKey);
    const res = await lookUp(member, companies.active);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('SIRENE_UNAVAILABLE');
    expect(res.body).not.toMatch(/Invalid API key/);
  });

  it('counts against the member’s quota: over it, 429 in French with Retry-After', async () => {
    const member = await signUp(t);
    expect((await lookUp(member, companies.active)).statusCode).toBe(200);
    const { perHour } = memberQuotas.sireneLookups;
    await db
      .update(memberQuotaCounters)
      .set({ hourCount: perHour })
      .where(and(eq(memberQuotaCounters.userId, member.userId), eq(memberQuotaCounters.quota, 'sireneLookups')));
    insee.calls.length = 0;
    const refused = await lookUp(member, companies.active);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('QUOTA_EXCEEDED');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(refused.json().error.message).toBe(quotaReachedMessage('sireneLookups', 'hour', perHour, retryAfter));
    expect(refused.json().error.message).toMatch(/^Limite atteinte\u00a0: 20 recherches de SIREN par heure\./);
    expect(insee.calls).toEqual([]);
    // Another member is not concerned.
    expect((await lookUp(await signUp(t), companies.active)).statusCode).toBe(200);
  });

  it('is for signed-in members only', async () => {
    const res = await client(t).get(`/api/me/billing-details/sirene/${companies.active}`);
    expect(res.statusCode).toBe(401);
  });
});

describe('a site without the Sirene settings', () => {
  it('does not offer the lookup, and says so in French', async () => {
    const member = await signUp(off);
    expect((await member.get('/api/me/membership-invoices')).json().sireneLookup).toBe(false);
    const res = await lookUp(member, companies.active);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({
      code: 'SIRENE_NOT_OFFERED',
      message: 'La recherche par SIREN n’est pas proposée sur ce site\u00a0: saisissez vous-même l’adresse.',
    });
  });

  it('refuses half the settings at start-up', () => {
    expect(() => loadEnv({ SIRENE_API_URL: 'https://api.insee.fr/api-sirene/3.11' })).toThrow(/SIRENE_API_KEY/);
    expect(() => loadEnv({ SIRENE_API_KEY: 'cle' })).toThrow(/SIRENE_API_URL/);
    expect(() => loadEnv({ SIRENE_API_URL: 'ftp://insee.fr', SIRENE_API_KEY: 'cle' })).toThrow(/SIRENE_API_URL/);
  });
});

describe('the demo’s directory (development, no INSEE key)', () => {
  it('offers the lookup on a development install with a few companies; none in production or tests without settings', async () => {
    const directory = createSireneDirectory(loadEnv({ NODE_ENV: 'development' }));
    expect(directory).toBeInstanceOf(DemoSirene);
    await expect(directory?.lookUp('552081317')).resolves.toMatchObject({ name: 'DUPONT CONSEIL', postcode: '75008' });
    await expect(directory?.lookUp(DEMO_SIRENE.closed)).rejects.toMatchObject({ code: 'SIRENE_CLOSED' });
    await expect(directory?.lookUp('732829320')).rejects.toMatchObject({ code: 'SIRENE_UNKNOWN' });
    expect(createSireneDirectory(loadEnv({ NODE_ENV: 'test' }))).toBeNull();
    expect(
      createSireneDirectory(
        loadEnv({
          NODE_ENV: 'production',
          BETTER_AUTH_SECRET: 'x'.repeat(40),
          SITE_URL: 'https://synergie.example.fr',
        }),
      ),
    ).toBeNull();
  });
});
