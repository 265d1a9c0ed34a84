import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatClockTime,
  formatCount,
  formatDate,
  formatDateTime,
  formatEventDateTime,
  formatMoney,
  formatNumber,
  formatPrice,
  formatTimestamp,
  plural,
} from './format';

// Spelled out so that a test fails if a plain space slips in: the French group separator is the
// narrow no-break space, the space before the euro sign a no-break space.
const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('money', () => {
  it('writes amounts to the cent, with French separators', () => {
    expect(formatMoney(825)).toBe(`8,25${NBSP}€`);
    expect(formatMoney(-413)).toBe(`-4,13${NBSP}€`);
    expect(formatMoney(0)).toBe(`0,00${NBSP}€`);
    expect(formatMoney(9900)).toBe(`99,00${NBSP}€`);
    expect(formatMoney(100_000)).toBe(`1${NNBSP}000,00${NBSP}€`);
    expect(formatMoney(123_456)).toBe(`1${NNBSP}234,56${NBSP}€`);
    expect(formatMoney(100_000_000)).toBe(`1${NNBSP}000${NNBSP}000,00${NBSP}€`);
  });

  it('writes prices in whole euros when they are round, to the cent otherwise', () => {
    expect(formatPrice(9900)).toBe(`99${NBSP}€`);
    expect(formatPrice(100_000)).toBe(`1${NNBSP}000${NBSP}€`);
    expect(formatPrice(18_800)).toBe(`188${NBSP}€`);
    expect(formatPrice(990)).toBe(`9,90${NBSP}€`);
    expect(formatPrice(99)).toBe(`0,99${NBSP}€`);
    expect(formatPrice(0)).toBe(`0${NBSP}€`);
  });
});

describe('numbers', () => {
  it('groups thousands with a narrow no-break space and uses a decimal comma', () => {
    expect(formatNumber(100_000)).toBe(`100${NNBSP}000`);
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(4.25, { fractionDigits: 1 })).toBe('4,3');
    expect(formatNumber(4, { fractionDigits: 1 })).toBe('4,0');
    expect(formatNumber(1.5, { maxFractionDigits: 1 })).toBe('1,5');
    expect(formatNumber(2, { maxFractionDigits: 1 })).toBe('2');
  });
});

describe('dates and times, in Europe/Paris', () => {
  it('writes the day of an instant as it is in Paris, whatever the time zone of the machine', () => {
    // 23:30 UTC on 25 November is already the 26th in Paris (UTC+1).
    expect(formatDate(new Date('2026-11-25T23:30:00Z'))).toBe('26 novembre 2026');
    expect(formatDate(new Date('2026-11-25T17:30:00Z'), 'full')).toBe('mercredi 25 novembre 2026');
    expect(formatDate(new Date('2026-11-25T17:30:00+01:00'), 'medium')).toBe('25 nov. 2026');
    expect(formatDate(new Date('2026-11-25T17:30:00Z'), 'short')).toBe('25/11/2026');
  });

  it('writes an instant to the minute, in summer and winter time', () => {
    expect(formatDateTime(new Date('2026-11-25T17:30:00Z'))).toBe('25 novembre 2026 à 18\u00a0h\u00a030');
    expect(formatDateTime(new Date('2026-07-01T16:05:00Z'))).toBe('1er juillet 2026 à 18\u00a0h\u00a005');
    expect(formatTimestamp(new Date('2026-11-25T17:30:05Z'))).toBe('25/11/2026 18:30:05');
  });

  it('writes a calendar date as that day, on both sides of a clock change', () => {
    expect(formatCalendarDate('2026-03-29', 'full')).toBe('dimanche 29 mars 2026');
    expect(formatCalendarDate('2026-10-25')).toBe('25 octobre 2026');
    expect(formatCalendarDate('2026-11-01')).toBe('1er novembre 2026');
    expect(formatCalendarDate('2026-02-28')).toBe('28 février 2026');
  });

  it('writes a wall-clock time the French way', () => {
    expect(formatClockTime('18:30')).toBe('18\u00a0h\u00a030');
    expect(formatClockTime('09:00')).toBe('9\u00a0h\u00a000');
    expect(formatClockTime('08:05:00')).toBe('8\u00a0h\u00a005');
  });

  it("writes an event's date and time", () => {
    expect(formatEventDateTime('2026-12-03', '18:30')).toBe('jeudi 3 décembre 2026 à 18\u00a0h\u00a030');
    expect(formatEventDateTime('2027-01-01', '09:00')).toBe('vendredi 1er janvier 2027 à 9\u00a0h\u00a000');
    expect(formatEventDateTime('2027-03-28', '08:05:00')).toBe('dimanche 28 mars 2027 à 8\u00a0h\u00a005');
  });
});

describe('plurals, by French rules', () => {
  const members = { one: 'membre', other: 'membres' };

  it('takes the singular for 0 and 1, the plural from 2', () => {
    expect(formatCount(0, members)).toBe('0 membre');
    expect(formatCount(1, members)).toBe('1 membre');
    expect(formatCount(2, members)).toBe('2 membres');
    expect(formatCount(1200, members)).toBe(`1${NNBSP}200 membres`);
  });

  it("uses French's form for round millions when given, the plural otherwise", () => {
    expect(plural(1_000_000, { ...members, many: 'de membres' })).toBe('de membres');
    expect(plural(1_000_000, members)).toBe('membres');
    expect(plural(1_000_001, { ...members, many: 'de membres' })).toBe('membres');
  });
});

describe('formatTime and formatDayTime: the spec’s time style, in Paris', () => {
  it('writes 7 h 00 and 19 h 30 with no-break spaces, in winter and in summer', async () => {
    const { formatDayTime, formatTime } = await import('./format');
    expect(formatTime(new Date('2026-12-08T06:00:00Z'))).toBe('7\u00a0h\u00a000');
    expect(formatTime(new Date('2026-07-08T17:30:00Z'))).toBe('19\u00a0h\u00a030');
    expect(formatDayTime(new Date('2026-12-08T06:00:00Z'))).toBe('mardi 8 décembre 2026 à 7\u00a0h\u00a000');
  });
});

describe('formatMonth: a month in words', () => {
  it('writes novembre 2026, and nov. on an axis', async () => {
    const { formatMonth } = await import('./format');
    expect(formatMonth('2026-11')).toBe('novembre 2026');
    expect(formatMonth('2027-01')).toBe('janvier 2027');
    expect(formatMonth('2026-11', 'short')).toBe('nov.');
  });
});
