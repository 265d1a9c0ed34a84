import { describe, expect, it } from 'vitest';
import { eventFormSchema } from './events';

const valid = { title: 'Afterwork', date: '2026-12-03', time: '18:30', location: 'Paris' };
const firstMessage = (input: unknown) => {
  const result = eventFormSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('eventFormSchema', () => {
  it("answers 'Veuillez remplir tous les champs obligatoires' for a missing title, date, time or location", () => {
    expect(firstMessage({})).toBe('Veuillez remplir tous les champs obligatoires');
    for (const key of ['title', 'date', 'time', 'location']) {
      expect(firstMessage({ ...valid, [key]: ' ' }), key).toBe('Veuillez remplir tous les champs obligatoires');
    }
  });

  it('parses max_attendees as an integer; empty means no limit', () => {
    expect(eventFormSchema.parse({ ...valid, maxAttendees: '' }).maxAttendees).toBeNull();
    expect(eventFormSchema.parse({ ...valid, maxAttendees: ' 25 ' }).maxAttendees).toBe(25);
    expect(eventFormSchema.parse({ ...valid, maxAttendees: 7 }).maxAttendees).toBe(7);
    for (const bad of ['abc', '2.5', '0', 0, -1, 100_001]) {
      expect(eventFormSchema.safeParse({ ...valid, maxAttendees: bad }).success, String(bad)).toBe(false);
    }
  });

  it('keeps the time to the minute, drops an empty description and category', () => {
    const parsed = eventFormSchema.parse({ ...valid, time: '09:05:00', description: '  ', categoryId: '' });
    expect(parsed).toMatchObject({ time: '09:05', description: null, categoryId: null });
    expect(eventFormSchema.safeParse({ ...valid, date: '2026-02-30' }).success).toBe(false);
  });
});
