import { vi } from 'vitest';

/** Every fetch of the test answers `status` with `body` as JSON, as the API would. Undone by vi.unstubAllGlobals(). */
export function answerFetch(status: number, body: unknown) {
  const fetch = vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
