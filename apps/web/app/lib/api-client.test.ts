import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiErrorMessage, apiRequest, apiUpload } from './api-client';

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

describe('apiUpload', () => {
  it('posts the form data as multipart and returns the answer', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ url: '/storage/avatars/u1/a.webp' })));
    vi.stubGlobal('fetch', fetchMock);
    const formData = new FormData();
    formData.append('file', new File(['png'], 'photo.png', { type: 'image/png' }));
    await expect(apiUpload('/me/avatar', formData)).resolves.toEqual({ url: '/storage/avatars/u1/a.webp' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/me/avatar');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(formData);
    expect(init.credentials).toBe('same-origin');
    // The browser writes the multipart boundary itself: a content-type set here would break it.
    expect(Object.keys(init.headers as Record<string, string>)).not.toContain('content-type');
  });

  it("carries the server's French message (415 not an image)", async () => {
    const message = "Ce fichier n'est pas une image (formats acceptés : JPEG, PNG, WebP, GIF, AVIF).";
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { code: 'NOT_AN_IMAGE', message } }), { status: 415 })),
    );
    await expect(apiUpload('/me/avatar', new FormData())).rejects.toMatchObject({ status: 415, message });
  });

  it('gives up after 10 s like every other call', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
      ),
    );
    const pending = apiUpload('/me/logo', new FormData()).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_001);
    await expect(pending).resolves.toMatchObject({ code: 'TIMEOUT' });
  });
});

describe('apiErrorMessage', () => {
  it("prefers the server's French message and falls back on the caller's for server faults", () => {
    const fallback = 'Erreur lors de la mise à jour du profil';
    expect(apiErrorMessage(new ApiRequestError('Lien invalide', 400, 'VALIDATION'), fallback)).toBe('Lien invalide');
    expect(apiErrorMessage(new ApiRequestError('Une erreur interne', 500, 'INTERNAL'), fallback)).toBe(fallback);
    expect(apiErrorMessage(new ApiRequestError('La requête est invalide.', 413, 'HTTP_ERROR'), fallback)).toBe(
      fallback,
    );
    expect(apiErrorMessage(new TypeError('boom'), fallback)).toBe(fallback);
  });
});
