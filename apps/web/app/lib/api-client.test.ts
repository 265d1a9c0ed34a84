import {
  contactEndpoints,
  meEndpoints,
  recommendationEndpoints,
  testimonialEndpoints,
} from '@synergie/shared/endpoints';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiRequestError,
  apiErrorMessage,
  apiHref,
  callApi,
  isNotFoundError,
  shouldRetryQuery,
  uploadApi,
} from './api-client';

const contactBody = {
  name: 'Léa Martin',
  email: 'lea@exemple.fr',
  subject: 'Bonjour',
  message: 'Un message assez long.',
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('callApi', () => {
  it('sends JSON and returns the answer', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(callApi(contactEndpoints.send, { body: contactBody })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/contact');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify(contactBody));
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('carries the server’s French message and code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: 'VALIDATION', message: 'Email invalide' } }), { status: 400 }),
      ),
    );
    const error = await callApi(contactEndpoints.send, { body: contactBody }).catch((e: unknown) => e);
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
    const pending = callApi(meEndpoints.get).catch((e: unknown) => e);
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
    await expect(callApi(meEndpoints.get)).rejects.toMatchObject({ code: 'NETWORK', status: 0 });
  });

  it('reports a non-JSON server error without leaking it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(callApi(meEndpoints.get)).rejects.toMatchObject({
      status: 502,
      message: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
    });
  });
});

describe('addresses from the declarations', () => {
  it('builds the path from the params, the query from its defined values, and sends no body on a GET', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ id: 'r1' })));
    vi.stubGlobal('fetch', fetchMock);
    await callApi(recommendationEndpoints.get, { params: { recommendationId: 'a b/c' } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/recommendations/a%20b%2Fc');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>)['content-type']).toBeUndefined();
    expect(apiHref(recommendationEndpoints.csv, { query: { side: 'given', status: undefined } })).toBe(
      '/api/me/recommendations.csv?side=given',
    );
  });

  it('answers null for a 204 and sends the method of the declaration', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(callApi(testimonialEndpoints.remove, { params: { testimonialId: 't1' } })).resolves.toBeUndefined();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method]).toEqual(['/api/testimonials/t1', 'DELETE']);
  });
});

describe('uploadApi', () => {
  it('posts the form data as multipart and returns the answer', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ url: '/storage/avatars/u1/a.webp' })));
    vi.stubGlobal('fetch', fetchMock);
    const formData = new FormData();
    formData.append('file', new File(['png'], 'photo.png', { type: 'image/png' }));
    await expect(uploadApi(meEndpoints.uploadAvatar, formData)).resolves.toEqual({ url: '/storage/avatars/u1/a.webp' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/me/avatar');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(formData);
    expect(init.credentials).toBe('same-origin');
    // The browser writes the multipart boundary itself: a content-type set here would break it.
    expect(Object.keys(init.headers as Record<string, string>)).not.toContain('content-type');
  });

  it('carries the server’s French message (415 not an image)', async () => {
    const message = 'Ce fichier n’est pas une image (formats acceptés : JPEG, PNG, WebP, GIF, AVIF).';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { code: 'NOT_AN_IMAGE', message } }), { status: 415 })),
    );
    await expect(uploadApi(meEndpoints.uploadAvatar, new FormData())).rejects.toMatchObject({ status: 415, message });
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
    const pending = uploadApi(meEndpoints.uploadLogo, new FormData()).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_001);
    await expect(pending).resolves.toMatchObject({ code: 'TIMEOUT' });
  });
});

describe('apiErrorMessage', () => {
  it('prefers the server’s French message and falls back on the caller’s for server faults', () => {
    const fallback = 'Erreur lors de la mise à jour du profil';
    expect(apiErrorMessage(new ApiRequestError('Lien invalide', 400, 'VALIDATION'), fallback)).toBe('Lien invalide');
    expect(apiErrorMessage(new ApiRequestError('Une erreur interne', 500, 'INTERNAL'), fallback)).toBe(fallback);
    expect(apiErrorMessage(new ApiRequestError('La requête est invalide.', 413, 'HTTP_ERROR'), fallback)).toBe(
      fallback,
    );
    expect(apiErrorMessage(new TypeError('boom'), fallback)).toBe(fallback);
  });
});

describe('shouldRetryQuery (the QueryClient default of root.tsx)', () => {
  const refusal = (status: number) => new ApiRequestError('Refusé', status, 'HTTP_ERROR');

  it('never asks again after a refusal of the API (4xx)', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 429, 499]) {
      expect(shouldRetryQuery(0, refusal(status)), String(status)).toBe(false);
    }
  });

  it('asks once more after a server failure, a network fault, a timeout or an unknown error, then stops', () => {
    const failures = [
      refusal(500),
      refusal(503),
      new ApiRequestError('Réseau', 0, 'NETWORK'),
      new ApiRequestError('Délai', 0, 'TIMEOUT'),
      new TypeError('boom'),
    ];
    for (const error of failures) {
      expect(shouldRetryQuery(0, error), error.message).toBe(true);
      expect(shouldRetryQuery(1, error), error.message).toBe(false);
    }
  });

  it('isNotFoundError: a 404 answer only', () => {
    expect(isNotFoundError(refusal(404))).toBe(true);
    expect(isNotFoundError(refusal(403))).toBe(false);
    expect(isNotFoundError(new Error('404'))).toBe(false);
  });
});
