import { liveMeetingEndpoints as endpoints } from '@synergie/shared/endpoints';
import type { LiveRecommendationForm, LiveState, LiveView } from '@synergie/shared/live-meeting';
import { secondsLeft } from '@synergie/shared/live-meeting-constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiRequestError, apiHref, callApi } from '~/lib/api-client';
import { queryKeys } from '~/lib/query-keys';

export type { LiveState, LiveView };

type Ids = { groupId: string; meetingId: string };

/** GET …/live: the state, and what the caller may do with it. */
export function liveViewQuery({ groupId, meetingId }: Ids) {
  return queryOptions({
    queryKey: queryKeys.liveMeeting(meetingId),
    queryFn: ({ signal }) => callApi(endpoints.state, { params: { groupId, meetingId } }, { signal }),
    // The stream keeps it fresh.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Where the stream stands: `live` while events arrive, `reconnecting` while the browser retries. */
export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

/**
 * The meeting as every screen draws it: GET …/live once, then its event stream
 * (`EventSource`, which comes back by itself after a drop with the last event's id, so nothing
 * is missed); each `state` event replaces the state kept in the query cache when it is newer.
 */
export function useLiveMeeting(ids: Ids | null) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...liveViewQuery(ids ?? { groupId: '', meetingId: '' }), enabled: ids !== null });
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const groupId = ids?.groupId ?? '';
  const meetingId = ids?.meetingId ?? '';
  useEffect(() => {
    if (!groupId || !meetingId || typeof EventSource === 'undefined') return;
    const source = new EventSource(apiHref(endpoints.stream, { params: { groupId, meetingId } }));
    const key = queryKeys.liveMeeting(meetingId);
    source.addEventListener('open', () => setStatus('live'));
    source.addEventListener('error', () => setStatus('reconnecting'));
    source.addEventListener('state', (event) => {
      setStatus('live');
      const state = JSON.parse((event as MessageEvent<string>).data) as LiveState;
      queryClient.setQueryData<LiveView>(key, (view) =>
        view && view.state.version > state.version ? view : view ? { ...view, state } : view,
      );
    });
    return () => source.close();
  }, [groupId, meetingId, queryClient]);
  return { query, status };
}

/**
 * A visitor of the day (no account): the meeting by their invitation's signed link, kept in step
 * by its stream like a member's phone.
 */
export function useVisitorLiveMeeting(token: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.liveMeetingVisitor(token);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => callApi(endpoints.visitorState, { query: { jeton: token } }, { signal }),
    enabled: token !== '',
    // The stream keeps it fresh.
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const ready = query.isSuccess;
  useEffect(() => {
    if (!ready || typeof EventSource === 'undefined') return;
    const source = new EventSource(apiHref(endpoints.visitorStream, { query: { jeton: token } }));
    source.addEventListener('open', () => setStatus('live'));
    source.addEventListener('error', () => setStatus('reconnecting'));
    source.addEventListener('state', (event) => {
      setStatus('live');
      const state = JSON.parse((event as MessageEvent<string>).data) as LiveState;
      queryClient.setQueryData<LiveState>(key, (old) => (old && old.version > state.version ? old : state));
    });
    return () => source.close();
  }, [ready, token, queryClient, key]);
  return { query, status };
}

/** Puts an answer's view in the cache (a leader's move): the stream's event then changes nothing. */
function useKeepView(meetingId: string) {
  const queryClient = useQueryClient();
  return (view: LiveView) =>
    queryClient.setQueryData<LiveView>(queryKeys.liveMeeting(meetingId), (old) =>
      old && old.state.version > view.state.version ? old : view,
    );
}

/** `Lancer la réunion` (a second time: resumes it). */
export function useLaunchLiveMeeting(ids: Ids) {
  const keep = useKeepView(ids.meetingId);
  return useMutation({
    mutationFn: () => callApi(endpoints.launch, { params: ids }),
    onSuccess: keep,
  });
}

/**
 * `Suivant` with the version on screen; a 409 (another leader pressed first) reloads where the
 * meeting is, so the next press is right.
 */
export function useNextLiveMeeting(ids: Ids) {
  const keep = useKeepView(ids.meetingId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => callApi(endpoints.next, { params: ids, body: { version } }),
    onSuccess: keep,
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: queryKeys.liveMeeting(ids.meetingId) });
    },
  });
}

export function useEndLiveMeeting(ids: Ids) {
  const keep = useKeepView(ids.meetingId);
  return useMutation({ mutationFn: () => callApi(endpoints.end, { params: ids }), onSuccess: keep });
}

export function useShowLiveRecommendations(ids: Ids) {
  const keep = useKeepView(ids.meetingId);
  return useMutation({
    mutationFn: (show: boolean) => callApi(endpoints.showRecommendations, { params: ids, body: { show } }),
    onSuccess: keep,
  });
}

/** `J’ai une recommandation pour…`: given during the meeting, linked to it. */
export function useGiveLiveRecommendation(ids: Ids) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LiveRecommendationForm) => callApi(endpoints.recommend, { params: ids, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.recommendations.all }),
  });
}

/** Seconds left of the phase's timer, ticking each second; null when the phase has none. */
export function useSecondsLeft(state: Pick<LiveState, 'phaseStartedAt' | 'phaseSeconds'> | undefined) {
  const [now, setNow] = useState(() => Date.now());
  const timed = state?.phaseSeconds != null;
  useEffect(() => {
    if (!timed) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [timed]);
  return state ? secondsLeft(state, now) : null;
}
