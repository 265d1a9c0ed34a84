import { afterEach, describe, expect, it } from 'vitest';
import { eventToIcs } from './ics';

const site = { siteName: 'Synergie, Pro', siteUrl: 'https://www.synergie-pro.fr' };
const event = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Petit-déjeuner',
  description: null,
  date: '2027-07-14',
  time: '18:30',
  location: 'Lyon',
  updatedAt: new Date('2027-06-01T08:00:00Z'),
};
/** The unfolded content lines. */
const lines = (ics: string) => ics.replace(/\r\n /g, '').slice(0, -2).split('\r\n');

describe('eventToIcs (ical-generator)', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('writes Paris wall-clock times whatever the time zone of the server', () => {
    for (const tz of ['UTC', 'America/New_York', 'Asia/Tokyo', 'Europe/Paris']) {
      process.env.TZ = tz;
      const ics = lines(eventToIcs(event, site, new Date('2027-06-02T10:11:12Z')));
      expect(ics, tz).toContain('DTSTART;TZID=Europe/Paris:20270714T183000');
      expect(ics, tz).toContain('DTEND;TZID=Europe/Paris:20270714T203000');
      // DTSTAMP and LAST-MODIFIED are in UTC (RFC 5545 3.8.7.2).
      expect(ics, tz).toContain('DTSTAMP:20270602T101112Z');
      expect(ics, tz).toContain('LAST-MODIFIED:20270601T080000Z');
    }
  });

  it('lasts two real hours across a change to winter time', () => {
    const ics = lines(eventToIcs({ ...event, date: '2027-10-31', time: '01:30' }, site));
    expect(ics).toContain('DTSTART;TZID=Europe/Paris:20271031T013000');
    // 01:30 CEST + 2 h = 02:30 CET (the clocks went back at 03:00 CEST).
    expect(ics).toContain('DTEND;TZID=Europe/Paris:20271031T023000');
  });

  it('declares the Europe/Paris zone with its summer and winter rules', () => {
    const ics = lines(eventToIcs(event, site));
    const zoneLines = ics.slice(ics.indexOf('BEGIN:VTIMEZONE'), ics.indexOf('END:VTIMEZONE') + 1);
    expect(zoneLines).toContain('TZID:Europe/Paris');
    expect(zoneLines).toContain('RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU');
    expect(zoneLines).toContain('RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU');
    expect(ics.indexOf('END:VTIMEZONE')).toBeLessThan(ics.indexOf('BEGIN:VEVENT'));
  });

  it('escapes the site name in PRODID and leaves out an empty description', () => {
    const ics = lines(eventToIcs(event, site));
    expect(ics).toContain('PRODID:-//Synergie\\, Pro//Evenements//FR');
    expect(ics).toContain('UID:11111111-1111-4111-8111-111111111111@www.synergie-pro.fr');
    expect(ics.some((l) => l.startsWith('DESCRIPTION'))).toBe(false);
  });
});
