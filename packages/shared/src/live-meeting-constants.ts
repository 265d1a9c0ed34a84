// The weekly meeting run live (issue 30, docs/product/live-meeting.md): its phases, labels,
// timers and messages, without zod (the pages that only show them do not load the schemas:
// live-meeting.ts has those).

import { ATTENDANCE_STATUS_LABELS } from './meeting-constants';

/** The phases in the order `Suivant` walks them; `ended` is after the last one. */
export const LIVE_PHASES = [
  'welcome',
  'round',
  'presentation',
  'visitors',
  'thanks',
  'recommendations',
  'ended',
] as const;
export type LivePhase = (typeof LIVE_PHASES)[number];

export const LIVE_PHASE_LABELS: Record<LivePhase, string> = {
  welcome: 'Accueil',
  round: 'Tour de table',
  presentation: 'Présentation de la semaine',
  visitors: 'Présentation des visiteurs',
  thanks: 'Merci pour les affaires',
  recommendations: 'Recommandations passées',
  ended: 'Réunion terminée',
};

/** `Lancer la réunion` opens this long before the start (and until the meeting's end). */
export const LIVE_LAUNCH_BEFORE_MS = 30 * 60_000;
/** The live meeting's window: from LIVE_LAUNCH_BEFORE_MS before the start to the end. */
export function liveWindowOpen(startsAt: string | Date, endsAt: string | Date, now = Date.now()): boolean {
  const start = typeof startsAt === 'string' ? Date.parse(startsAt) : startsAt.getTime();
  const end = typeof endsAt === 'string' ? Date.parse(endsAt) : endsAt.getTime();
  return now >= start - LIVE_LAUNCH_BEFORE_MS && now < end;
}
export const LIVE_ROUND_SECONDS_MIN = 30;
export const LIVE_ROUND_SECONDS_MAX = 90;
export const LIVE_ROUND_SECONDS_DEFAULT = 60;
export const LIVE_PRESENTATION_MINUTES_DEFAULT = 10;
/** Streams one member may hold open at once (phone, projector, a tab or two). */
export const LIVE_STREAMS_PER_MEMBER = 5;
/** A comment line keeps proxies and phones from closing an idle stream. */
export const LIVE_HEARTBEAT_MS = 15_000;

export const liveMessages = {
  launch: 'Lancer la réunion',
  next: 'Suivant',
  end: 'Terminer',
  showRecommendations: 'Afficher les recommandations',
  hideRecommendations: 'Masquer les recommandations',
  haveRecommendation: 'J’ai une recommandation pour…',
  /** The attendance status's own label (meeting-constants.ts). */
  late: ATTENDANCE_STATUS_LABELS.late,
  yourTurn: 'C’est à vous',
} as const;

/** `À vous dans 1 tour`, `À vous dans 2 tours`, `C’est à vous`; null when the member is not in the round or has spoken. */
export function turnsUntilLabel(turns: number | null): string | null {
  if (turns === null || turns < 0) return null;
  if (turns === 0) return liveMessages.yourTurn;
  return `À vous dans ${turns} ${turns === 1 ? 'tour' : 'tours'}`;
}

/** How many turns before `userId` speaks: 0 when speaking, null when not in the round or done. */
export function turnsUntil(order: readonly string[], speakerIndex: number, userId: string): number | null {
  const at = order.indexOf(userId);
  if (at < 0 || at < speakerIndex) return null;
  return at - speakerIndex;
}

/** Seconds left of a timed phase at `now`, never below 0; null when the phase has no timer. */
export function secondsLeft(
  state: { phaseStartedAt: string; phaseSeconds: number | null },
  now: number,
): number | null {
  if (state.phaseSeconds === null) return null;
  const end = Date.parse(state.phaseStartedAt) + state.phaseSeconds * 1000;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** `1:05`: minutes and seconds of a timer. */
export function formatTimer(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
