import { ATTENDED_STATUSES } from '@synergie/shared';
import { type SQL, sql } from 'drizzle-orm';

/**
 * What counts as attended (network-core §4, issue 30): `Présent`, `En retard` and `Remplacé`
 * always; `À distance` (remote) when the group's rule says so (groups.remote_counts_as_present,
 * true unless the leaders change it). The one home of the rule: the score, the group's health and
 * the secretary's counts use it. `Absent` is its own status: a remote member is never counted
 * absent, whatever the rule (the absence alert counts `absent` only).
 */

const ALIAS = /^[a-z_][a-z0-9_]*$/;

function alias(name: string): SQL {
  if (!ALIAS.test(name)) throw new Error(`attended: not an SQL alias: ${name}`);
  return sql.raw(name);
}

const ATTENDED = sql.raw(ATTENDED_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * The condition "this attendance counts as attended", for the attendance row `attendanceAlias`
 * (meeting_attendance) of a meeting of the group `groupAlias` (groups): both must be in scope.
 * False (or null, for a missing row) otherwise; use it in `filter (where …)` or `case when`.
 */
export function attendedStatus(attendanceAlias = 'a', groupAlias = 'g'): SQL {
  const a = alias(attendanceAlias);
  const g = alias(groupAlias);
  return sql`(${a}.status in (${ATTENDED}) or (${a}.status = 'remote' and ${g}.remote_counts_as_present))`;
}

/**
 * Who is in the live meeting's round (domain/live-meeting.ts): checked in at the door or connected
 * from afar. Not the counting rule: a remote member speaks in the round whatever the group counts.
 */
export const IN_THE_ROUND_STATUSES = sql`('present', 'late', 'remote')`;
