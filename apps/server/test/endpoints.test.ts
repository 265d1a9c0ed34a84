import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { accessRule, type EndpointDefinition, isEndpoint } from '@synergie/shared';
import * as declarations from '@synergie/shared/endpoints';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorCodesOf } from '../src/lib/endpoints';
import { client } from './helpers/auth';
import { catalogue, createGroup, seat } from './helpers/groups';
import { signUpSubscriber } from './helpers/members';
import { createAppWithRouteTable, UNKNOWN_ID } from './helpers/route-table';

/**
 * One declaration per endpoint (docs/decisions/0015): every declaration has its route and every
 * /api route its declaration (the second is also refused at start-up: plugins/access.ts), the
 * OpenAPI document passes validators nobody here wrote, and a body declared optional may be left
 * out.
 */

const all: { area: string; name: string; endpoint: EndpointDefinition }[] = Object.entries(declarations).flatMap(
  ([area, endpoints]) =>
    Object.entries(endpoints as Record<string, unknown>).map(([name, endpoint]) => {
      if (!isEndpoint(endpoint)) throw new Error(`${area}.${name} is not a declaration`);
      return { area, name, endpoint };
    }),
);

const ADMIN_EMAIL = 'admin.declarations@synergie.test';
const { t } = await createAppWithRouteTable({ ADMIN_EMAILS: ADMIN_EMAIL });

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-openapi-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('the declarations', () => {
  it('are many, each exported once under a unique camelCase operationId', () => {
    expect(all.length).toBeGreaterThan(180);
    const ids = all.map((d) => d.endpoint.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const { area, name, endpoint } of all) {
      expect(endpoint.operationId, `${area}.${name}`).toMatch(/^[a-z][a-zA-Z0-9]+$/);
      expect(area, 'one object per area, named <area>Endpoints').toMatch(/^[a-z][a-zA-Z0-9]*Endpoints$/);
    }
  });

  it("name exactly the path's parameters, and group roles a parameter of the path", () => {
    for (const { endpoint } of all) {
      const inPath = [...endpoint.path.matchAll(/:([A-Za-z][A-Za-z0-9]*)/g)].map((m) => m[1]).sort();
      const schema = endpoint.params as z.ZodObject | undefined;
      const keys = schema ? Object.keys(schema.shape).sort() : [];
      expect(keys, endpoint.operationId).toEqual(inPath);
      const rule = accessRule(endpoint.access);
      if (rule.group) expect(inPath, endpoint.operationId).toContain(rule.group.param);
    }
  });

  it('each have a route registered from them: none left without its handler', async () => {
    const missing = all
      .filter(({ endpoint }) => !t.app.hasRoute({ method: endpoint.method, url: `/api${endpoint.path}` }))
      .map(({ endpoint }) => `${endpoint.operationId} (${endpoint.method} /api${endpoint.path})`);
    expect(missing).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  const documentFile = async () => {
    const res = await t.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const file = path.join(tmp, 'openapi.json');
    fs.writeFileSync(file, res.body);
    return { file, doc: res.json() as { paths: Record<string, Record<string, Record<string, unknown>>> } };
  };

  it('gives every operation its operationId, its security and its 4xx answers with their codes', async () => {
    const { doc } = await documentFile();
    const operations = Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${p}`, op })),
    );
    expect(operations.length).toBeGreaterThan(180);
    for (const { key, op } of operations) {
      expect(op.operationId, key).toEqual(expect.any(String));
      expect(op.security, key).toEqual(expect.any(Array));
      const statuses = Object.keys(op.responses as object);
      expect(
        statuses.some((s) => s.startsWith('4')),
        key,
      ).toBe(true);
    }
    const give = doc.paths['/api/recommendations']?.post as { responses: Record<string, { description: string }> };
    expect(give.responses['401']?.description).toContain('`UNAUTHENTICATED` : ');
    expect(give.responses['400']?.description).toContain('`VALIDATION` : ');
  });

  it('passes Redocly CLI (recommended rules): no error, no warning', async () => {
    const { file } = await documentFile();
    const redocly = path.resolve(import.meta.dirname, '../../../node_modules/.bin/redocly');
    const { stdout } = await promisify(execFile)(redocly, ['lint', file, '--format=json', '--max-problems=1000'], {
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location: { pointer?: string }[] }[];
    };
    const problems = report.problems.map((p) => `${p.ruleId}: ${p.location[0]?.pointer ?? ''} ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 120_000);

  it('is a valid OpenAPI document for swagger-parser', async () => {
    const { file } = await documentFile();
    const api = (await SwaggerParser.validate(file)) as { openapi: string };
    expect(api.openapi).toBe('3.1.0');
  });
});

describe('bodies declared optional', () => {
  it('are accepted when left out, on every such endpoint', async () => {
    // A subscriber who is an admin and the président of a group passes every access declaration.
    const admin = await signUpSubscriber(t, { email: ADMIN_EMAIL });
    const [trade] = await catalogue(t.database.db);
    const group = await createGroup(t.database.db);
    await seat(t.database.db, group.id, [{ userId: admin.userId, tradeId: trade?.id as string, role: 'president' }]);
    const optional = all.filter(
      ({ endpoint }) => endpoint.body instanceof z.ZodType && endpoint.body.safeParse(undefined).success,
    );
    expect(optional.map((d) => d.endpoint.operationId)).toContain('registerForEvent');
    for (const { endpoint } of optional) {
      const rule = accessRule(endpoint.access);
      const url = `/api${endpoint.path}`.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_m, name: string) =>
        rule.group?.param === name ? group.id : UNKNOWN_ID,
      );
      const res = await admin.send(endpoint.method, url);
      const code = res.statusCode >= 400 ? (res.json() as { error: { code: string } }).error.code : null;
      expect(code, `${endpoint.operationId}: ${res.statusCode} ${res.body.slice(0, 160)}`).not.toBe('VALIDATION');
      expect(res.statusCode, endpoint.operationId).toBeLessThan(500);
    }
    // A visitor is refused before the body is read, whatever it is.
    const visitor = client(t, '10.77.0.1');
    const registration = await visitor.send('POST', `/api/events/${UNKNOWN_ID}/registration`);
    expect(registration.statusCode).toBe(401);
  });

  it("list each error code an endpoint's access, input and limits imply", () => {
    const give = all.find((d) => d.endpoint.operationId === 'giveRecommendation')?.endpoint as EndpointDefinition;
    expect(errorCodesOf(give)).toEqual(
      expect.arrayContaining([
        'BAD_REQUEST',
        'UNAUTHENTICATED',
        'SUBSCRIPTION_REQUIRED',
        'VALIDATION',
        'INVALID_ORIGIN',
        'UNAVAILABLE',
      ]),
    );
  });
});
