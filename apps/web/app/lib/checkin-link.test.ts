import { describe, expect, it } from 'vitest';
import { parseCheckinLink } from './checkin-link';

const origins = ['https://synergie-pro.example', 'http://localhost:3000'];

describe('parseCheckinLink', () => {
  it('reads a meeting’s and an event’s check-in link of this site', () => {
    expect(parseCheckinLink('https://synergie-pro.example/pointage?jeton=abc.def', origins)).toEqual({
      kind: 'meeting',
      token: 'abc.def',
      path: '/pointage?jeton=abc.def',
    });
    expect(parseCheckinLink(' http://localhost:3000/events/pointage?jeton=a%2Bb \n', origins)).toEqual({
      kind: 'event',
      token: 'a+b',
      path: '/events/pointage?jeton=a%2Bb',
    });
  });

  it('refuses another site, another page, a link without token and plain text', () => {
    for (const text of [
      'https://evil.example/pointage?jeton=abc',
      'https://synergie-pro.example.evil.example/pointage?jeton=abc',
      'https://synergie-pro.example/profile?jeton=abc',
      'https://synergie-pro.example/pointage',
      'https://synergie-pro.example/pointage?jeton=',
      'javascript:alert(1)',
      'Bonjour',
      '',
    ]) {
      expect(parseCheckinLink(text, origins), text).toBeNull();
    }
  });
});
