import { isoDateTime } from '@synergie/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from './helpers/app';
import { client, signUp } from './helpers/auth';

/**
 * Dates in the API (docs/architecture.md "Dates in the API"): every timestamp of a JSON response
 * is an ISO 8601 string with offset, every calendar date 'YYYY-MM-DD', and the response schemas
 * say so. This walks the OpenAPI document the routes' schemas produce, so a new route whose
 * response declares a raw Date (or a plain string) for a date fails here.
 */

type JsonSchema = {
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema | JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
};

/** Property names that hold a moment or a day: createdAt, paidAt, trialEnd, date... */
const DATE_LIKE = /(At|Date|End|Start)$|^(date|day)$/;
const DATE_FORMATS = new Set(['date-time', 'date']);

/** The formats a property's schema admits, null left out ('date-time' for `isoDateTime().nullable()`). */
function formatsOf(schema: JsonSchema): (string | undefined)[] {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.filter((b) => b.type !== 'null').flatMap(formatsOf);
  return [schema.format];
}

/** Every date-like property whose schema is not an ISO string format, as "path: what it is". */
function undeclaredDates(schema: JsonSchema, path: string, resolve: (ref: string) => JsonSchema): string[] {
  const found: string[] = [];
  const seen = new Set<JsonSchema>();
  const walk = (node: JsonSchema | boolean | undefined, at: string) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (node.$ref) return walk(resolve(node.$ref), at);
    for (const [name, property] of Object.entries(node.properties ?? {})) {
      // A flag such as cancelAtPeriodEnd is not a date.
      if (DATE_LIKE.test(name) && property.type !== 'boolean') {
        const formats = formatsOf(property.$ref ? resolve(property.$ref) : property);
        if (formats.length === 0 || !formats.every((f) => f !== undefined && DATE_FORMATS.has(f))) {
          found.push(`${at}.${name}: ${JSON.stringify(property)}`);
        }
      }
      walk(property, `${at}.${name}`);
    }
    const items = Array.isArray(node.items) ? node.items : [node.items];
    for (const item of items) walk(item, `${at}[]`);
    walk(node.additionalProperties, `${at}{}`);
    for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) walk(branch, at);
  };
  walk(schema, path);
  return found;
}

const t = await createTestApp();

describe('dates in JSON responses', () => {
  it('every route declares its response, and every date-like property in it is date-time or date', async () => {
    const spec = (await t.app.inject('/api/openapi.json')).json();
    const resolve = (ref: string) =>
      ref
        .split('/')
        .slice(1)
        .reduce((node, key) => node?.[key], spec) as unknown as JsonSchema;
    const problems: string[] = [];
    const withoutResponseSchema: string[] = [];
    let datesChecked = 0;
    for (const [url, operations] of Object.entries<Record<string, { responses?: Record<string, unknown> }>>(
      spec.paths,
    )) {
      for (const [method, operation] of Object.entries(operations)) {
        // A route without a response schema is not checked by the serializer: every one has one
        // (204 No Content has none by definition; its schema is null).
        const success = Object.entries(operation.responses ?? {}).filter(([status]) => status.startsWith('2'));
        if (!success.some(([status, response]) => status === '204' || (response as { content?: unknown }).content)) {
          withoutResponseSchema.push(`${method.toUpperCase()} ${url}`);
        }
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          const content = (response as { content?: Record<string, { schema?: JsonSchema }> }).content ?? {};
          for (const media of Object.values(content)) {
            if (!media.schema) continue;
            problems.push(...undeclaredDates(media.schema, `${method.toUpperCase()} ${url} ${status}`, resolve));
            datesChecked += JSON.stringify(media.schema).match(/"format":"date(-time)?"/g)?.length ?? 0;
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(withoutResponseSchema).toEqual([]);
    // The walk did look at the routes that carry dates (jobs, sessions, referral, events...).
    expect(datesChecked).toBeGreaterThan(20);
  });

  it('the walk catches a Date or a plain string declared for a date', () => {
    const toJson = (schema: z.ZodType) =>
      z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as unknown as JsonSchema;
    const none = () => ({});
    expect(undeclaredDates(toJson(z.object({ createdAt: z.date() })), 'raw', none)).toHaveLength(1);
    expect(
      undeclaredDates(toJson(z.object({ list: z.array(z.object({ paidAt: z.string().nullable() })) })), 'str', none),
    ).toHaveLength(1);
    expect(undeclaredDates(toJson(z.object({ paidAt: isoDateTime().nullable() })), 'ok', none)).toEqual([]);
  });

  it('the serializer refuses a Date where the schema says ISO string: a raw Date cannot slip through', () => {
    expect(isoDateTime().safeParse(new Date()).success).toBe(false);
    expect(isoDateTime().safeParse('2026-11-25T08:00:00.000Z').success).toBe(true);
    expect(isoDateTime().safeParse('2026-11-25T09:00:00+01:00').success).toBe(true);
    expect(isoDateTime().safeParse('2026-11-25 08:00:00').success).toBe(false);
  });

  it('sends the timestamps of a real response as ISO strings with offset', async () => {
    const member = await signUp(t);
    const sessions = await member.get('/api/me/sessions');
    expect(sessions.statusCode).toBe(200);
    const [session] = sessions.json().sessions;
    for (const key of ['createdAt', 'updatedAt', 'expiresAt']) {
      expect(session[key]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
    const jobs = await client(t).get('/api/jobs');
    expect(jobs.statusCode).toBe(200);
  });
});
