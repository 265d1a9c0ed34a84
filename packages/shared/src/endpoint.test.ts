import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { type EndpointInput, type EndpointOutput, endpoint, endpointPath, type PathParams } from './endpoint';

const item = z.object({ id: z.string(), at: z.string() });

describe('endpoint declarations', () => {
  it('read the parameters of a path, suffixes left out', () => {
    expectTypeOf<PathParams<'/groups/:groupId/meetings/:meetingId'>>().toEqualTypeOf<'groupId' | 'meetingId'>();
    expectTypeOf<PathParams<'/admin/das2/:year.csv'>>().toEqualTypeOf<'year'>();
    expectTypeOf<PathParams<'/me'>>().toEqualTypeOf<never>();
  });

  it('refuse at compile time a params schema that does not match the path', () => {
    endpoint({
      method: 'GET',
      path: '/items/:itemId',
      operationId: 'getItem',
      summary: 'Un élément',
      tags: [],
      access: 'public',
      // @ts-expect-error the schema names 'id', the path ':itemId'
      params: z.object({ id: z.string() }),
      responses: { 200: item },
    });
    // @ts-expect-error the path has a parameter and no schema for it
    endpoint({
      method: 'GET',
      path: '/items/:itemId',
      operationId: 'getItem',
      summary: 'Un élément',
      tags: [],
      access: 'public',
      responses: { 200: item },
    });
    expect(true).toBe(true);
  });

  it('type a call: params and body required when their schemas are, the answer from the success schema', () => {
    const move = endpoint({
      method: 'POST',
      path: '/items/:itemId/move',
      operationId: 'moveItem',
      summary: 'Déplacer',
      tags: [],
      access: 'member',
      params: z.object({ itemId: z.string() }),
      query: z.object({ page: z.coerce.number().optional() }),
      body: z.object({ to: z.string() }),
      responses: { 200: item },
    });
    expectTypeOf<EndpointInput<typeof move>['params']>().toEqualTypeOf<{ itemId: string }>();
    expectTypeOf<EndpointInput<typeof move>['body']>().toEqualTypeOf<{ to: string }>();
    expectTypeOf<EndpointOutput<typeof move>>().toEqualTypeOf<{ id: string; at: string }>();
    const remove = endpoint({
      method: 'DELETE',
      path: '/items/:itemId',
      operationId: 'deleteItem',
      summary: 'Supprimer',
      tags: [],
      access: 'member',
      params: z.object({ itemId: z.string() }),
      responses: { 204: z.null() },
    });
    expectTypeOf<EndpointOutput<typeof remove>>().toEqualTypeOf<null>();
    expect(move.path).toBe('/items/:itemId/move');
  });

  it('build the address: parameters encoded, defined query values in order, a missing parameter refused', () => {
    const e = { path: '/groups/:groupId/meetings/:meetingId', operationId: 'x' } as const;
    expect(endpointPath(e, { groupId: 'a b', meetingId: 'é/1' })).toBe('/api/groups/a%20b/meetings/%C3%A9%2F1');
    expect(
      endpointPath({ path: '/items', operationId: 'y' }, {}, { q: 'plo', page: 2, empty: '', none: undefined }),
    ).toBe('/api/items?q=plo&page=2');
    expect(endpointPath({ path: '/items', operationId: 'y' }, {}, { kind: ['a', 'b'] })).toBe(
      '/api/items?kind=a&kind=b',
    );
    expect(endpointPath({ path: '/admin/das2/:year.csv', operationId: 'z' }, { year: 2026 })).toBe(
      '/api/admin/das2/2026.csv',
    );
    expect(() => endpointPath(e, { groupId: 'g' })).toThrow(/x: the path parameter 'meetingId' is missing/);
  });
});
