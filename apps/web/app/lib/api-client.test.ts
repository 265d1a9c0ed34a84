import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiRequest } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('apiRequest', () => {
  it('sends JSON and returns the answer', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/contact', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/contact');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it("carries the server's French message and code", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: 'VALIDATION', message: 'Email invalide' } }), { status: 400 }),
      ),
    );
    const error = await apiRequest('/contact').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ message: 'Email invalide', status: 400, code: 'VALIDATION' });
  });

  it('gives up after 10 s with a French message', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
      ),
    );
    const pending = apiRequest('/lent').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    await vi.advanceTimersByTimeAsync(2);
    const error = await pending;
    expect(error).toMatchObject({
      code: 'TIMEOUT',
      message: 'Le serveur ne répond pas. Vérifiez votre connexion et réessayez.',
    });
  });

  it('reports an unreachable server in French', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/x')).rejects.toMatchObject({ code: 'NETWORK', status: 0 });
  });

  it('reports a non-JSON server error without leaking it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(apiRequest('/x')).rejects.toMatchObject({
      status: 502,
      message: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
    });
  });
});
