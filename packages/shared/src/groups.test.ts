import { describe, expect, it } from 'vitest';
import { formatMeetingRhythm, frenchOrdinal, groupFormSchema, groupMessages, groupStatus } from './groups';

const valid = {
  name: 'Synergie Pro Lyon Confluence',
  slug: 'lyon-confluence',
  city: 'Lyon',
  departmentCode: '69',
  region: 'Auvergne-Rhône-Alpes',
  description: '',
  meetingPlace: 'Hôtel de la Confluence, Lyon',
  meetingRhythm: 'weekly',
  meetingWeekday: 2,
  meetingTime: '07:00',
};

describe('groups (network-core §2)', () => {
  it('derives the status from the number of active members', () => {
    expect([0, 9, 10, 49, 50].map(groupStatus)).toEqual(['forming', 'forming', 'active', 'active', 'full']);
  });

  it('writes the rhythm the French way, with no-break spaces in the hour', () => {
    expect(formatMeetingRhythm('weekly', 2, '07:00')).toBe('Tous les mardis à 7\u00a0h\u00a000');
    expect(formatMeetingRhythm('biweekly', 5, '12:30')).toBe('Un vendredi sur deux à 12\u00a0h\u00a030');
    expect(formatMeetingRhythm('monthly', 1, '19:00')).toBe('Le premier lundi du mois à 19\u00a0h\u00a000');
  });

  it('says the waiting-list position as the spec does', () => {
    expect(frenchOrdinal(1)).toBe('1er');
    expect(groupMessages.waitlistPosition(2)).toBe('Vous êtes 2e sur la liste d’attente');
  });

  it('accepts the French départements, Corsica and overseas, and nothing else', () => {
    for (const code of ['01', '19', '21', '2A', '2b', '69', '75', '95', '971', '976']) {
      expect(groupFormSchema.safeParse({ ...valid, departmentCode: code }).success, code).toBe(true);
    }
    for (const code of ['00', '20', '96', '977', '6', 'AB', '']) {
      const parsed = groupFormSchema.safeParse({ ...valid, departmentCode: code });
      expect(parsed.success, code).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('Le département est invalide (ex. 69, 2A, 974)');
    }
  });
});
