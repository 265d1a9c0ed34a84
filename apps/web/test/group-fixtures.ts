import type { Application, GroupPage, SeatState, WaitlistEntry } from '@synergie/shared/groups';
import { vi } from 'vitest';

/** A group as the public page gets it; `overrides` change what a test is about. */
export function groupFixture(overrides: Partial<GroupPage['group']> = {}): GroupPage['group'] {
  return {
    id: 'g1',
    slug: 'lyon-confluence',
    name: 'Synergie Pro Lyon Confluence',
    city: 'Lyon',
    departmentCode: '69',
    region: 'Auvergne-Rhône-Alpes',
    meetingRhythm: 'weekly',
    meetingWeekday: 2,
    meetingTime: '07:00',
    activeMembers: 12,
    status: 'active',
    openSeats: 195,
    description: 'Le groupe des professionnels de la Confluence.',
    meetingPlace: '12 cours Charlemagne, 69002 Lyon',
    placePhotoUrl: null,
    ...overrides,
  };
}

const plumber = {
  id: 't-plombier',
  slug: 'plombier-chauffagiste',
  label: 'Plombier chauffagiste',
  family: 'batiment' as const,
  nafCode: '43.22A',
  regulated: false,
};

export function waitlistEntryFixture(overrides: Partial<WaitlistEntry> = {}): WaitlistEntry {
  return {
    id: 'w1',
    groupId: 'g1',
    groupName: 'Synergie Pro Lyon Confluence',
    groupSlug: 'lyon-confluence',
    userId: 'u1',
    fullName: 'Paul Plombier',
    tradeId: plumber.id,
    tradeLabel: plumber.label,
    status: 'waiting',
    position: 2,
    createdAt: '2026-11-20T09:00:00.000Z',
    offerExpiresAt: null,
    ...overrides,
  };
}

export function seatStateFixture(overrides: Partial<SeatState> = {}): SeatState {
  return { trade: plumber, state: 'seat_free', applicationId: null, waitlist: null, nearestGroups: [], ...overrides };
}

export function applicationFixture(overrides: Partial<Application> = {}): Application {
  return {
    id: 'a1',
    groupId: 'g1',
    groupName: 'Synergie Pro Lyon Confluence',
    groupSlug: 'lyon-confluence',
    userId: 'u2',
    fullName: 'Anne Avocate',
    companyName: 'Cabinet Avocate',
    tradeId: 't-avocat',
    tradeLabel: 'Avocat',
    status: 'pending',
    message: 'Avocate en droit des affaires depuis 10 ans.',
    createdAt: '2026-11-24T09:00:00.000Z',
    objectionPeriodEndsAt: '2026-12-01T09:00:00.000Z',
    decidedAt: null,
    decisionMessage: null,
    objections: null,
    objectedByViewer: false,
    ...overrides,
  };
}

export type Answer = [status: number, body?: unknown];
export type FetchCall = { method: string; path: string; body: unknown };

/**
 * Every fetch of the test answers from `routes`, keyed 'METHOD /api/path' (query string kept);
 * an unknown call answers 404. Returns the calls made. Undone by vi.unstubAllGlobals().
 */
export function routeFetch(routes: Record<string, Answer | ((body: unknown) => Answer)>) {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url, body });
      const route = routes[`${method} ${url}`];
      const [status, payload] =
        typeof route === 'function'
          ? route(body)
          : (route ?? [404, { error: { code: 'NOT_FOUND', message: 'Introuvable' } }]);
      return new Response(payload === undefined ? null : JSON.stringify(payload), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** GET /api/auth/get-session for a signed-in member (or nobody). */
export const sessionAnswer = (userId: string | null): Answer => [
  200,
  userId
    ? {
        user: { id: userId, email: `${userId}@example.test`, name: 'Membre', emailVerified: true },
        session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
      }
    : null,
];
