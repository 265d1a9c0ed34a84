import { formatDayTime } from '@synergie/shared/format';
import { parseApiDateTime } from '~/lib/api-dates';

const ZONE = 'Europe/Paris';

function parts(instant: Date): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant)) {
    out[p.type] = p.value;
  }
  return out;
}

/** An instant's Paris day and time, for a form: { date: 'YYYY-MM-DD', time: 'HH:MM' }. */
export function parisFields(iso: string): { date: string; time: string } {
  const p = parts(parseApiDateTime(iso));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** Paris wall-clock minus UTC at an instant, in ms. */
function parisOffset(at: number): number {
  const p = parts(new Date(at));
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)) - at;
}

/** A Paris day and time ('YYYY-MM-DD', 'HH:MM') as an ISO instant, whatever the browser's zone; '' if malformed. */
export function parisToIso(date: string, time: string): string {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return '';
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  let at = wall - parisOffset(wall);
  at = wall - parisOffset(at);
  return new Date(at).toISOString();
}

/** 'mardi 1er décembre 2026 à 8 h 00' in Paris (the format module's one time style). */
export function meetingWhen(iso: string): string {
  return formatDayTime(parseApiDateTime(iso));
}
