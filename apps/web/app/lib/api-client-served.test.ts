// The first reads the server wrote into a member page (packages/shared/src/served-reads.ts,
// decision 0033): taken once each, for a GET of the same address only, in the page's first
// seconds. Its own file: the page's reads are looked for once, at the first call.
import { meEndpoints } from '@synergie/shared/endpoints';
import { SERVED_READS_ID, SERVED_READS_MAX_AGE_MS } from '@synergie/shared/served-reads';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authGet, callApi, takeServedRead } from './api-client';

const session = { user: { id: 'u1', email: 'lea@exemple.fr', name: 'Léa' }, session: { id: 's1', expiresAt: 'x' } };
const me = { user: { id: 'u1' }, profile: { fullName: 'Léa </script> Martin' } };

beforeAll(() => {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = SERVED_READS_ID;
  element.textContent = JSON.stringify({
    '/api/auth/get-session': session,
    '/api/me': me,
    '/api/me/today': { cards: [] },
  }).replace(/</g, '\\u003c');
  document.body.appendChild(element);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a member page’s served reads', () => {
  it('answers the first GET of each address from the page, then asks the network', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ fresh: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(authGet('/get-session')).resolves.toEqual(session);
    expect(document.getElementById(SERVED_READS_ID)).toBeNull();
    await expect(callApi(meEndpoints.get)).resolves.toEqual(me);
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(authGet('/get-session')).resolves.toEqual({ fresh: true });
    await expect(callApi(meEndpoints.get)).resolves.toEqual({ fresh: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never answers another address', async () => {
    expect(takeServedRead('/api/me/today?x=1')).toEqual({ found: false });
    expect(takeServedRead('/api/me/notifications')).toEqual({ found: false });
  });

  it('no longer answers once the page is older than its served reads may be', async () => {
    vi.spyOn(performance, 'now').mockReturnValue(SERVED_READS_MAX_AGE_MS + 1);
    expect(takeServedRead('/api/me/today')).toEqual({ found: false });
    vi.restoreAllMocks();
    expect(takeServedRead('/api/me/today')).toEqual({ found: true, answer: { cards: [] } });
  });
});
