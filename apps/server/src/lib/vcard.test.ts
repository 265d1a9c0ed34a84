import { describe, expect, it } from 'vitest';
import { escapeVcardText, foldVcardLine, writeVcard } from './vcard';

const unfold = (text: string) => text.replace(/\r\n /g, '').slice(0, -2).split('\r\n');

describe('vCard writer', () => {
  it('escapes backslash, comma, semicolon and every kind of line break', () => {
    expect(escapeVcardText('a\\b,c;d\r\ne\nf\rg')).toBe('a\\\\b\\,c\\;d\\ne\\nf\\ng');
  });

  it('folds at 75 octets without splitting a UTF-8 character of 2, 3 or 4 octets', () => {
    const line = `NOTE:${'é'.repeat(37)}€€€${'😀'.repeat(30)}x`;
    const folded = foldVcardLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) {
      expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
      // Well-formed on its own: no character, nor surrogate pair, is cut.
      expect(Buffer.from(part, 'utf8').toString('utf8')).toBe(part);
    }
    for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldVcardLine('FN:Court')).toBe('FN:Court');
  });

  it('writes text, structured and URI values, one CRLF-ended line each', () => {
    const card = writeVcard([
      { name: 'N', value: { components: ['Dupont;Durand', 'Marie,Claire', '', '', ''] } },
      { name: 'FN', value: { text: 'Marie\r\nEND:VCARD' } },
      { name: 'ORG', value: { text: 'Bâti\rPro' } },
      { name: 'URL', value: { uri: 'https://www.synergie-pro.fr/membres/a?b=1,2;c' } },
    ]);
    expect(card.endsWith('\r\n')).toBe(true);
    // Apart from the CRLF ending each line and the folds, no line break reaches the file.
    expect(card.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(unfold(card)).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Dupont\\;Durand;Marie\\,Claire;;;',
      'FN:Marie\\nEND:VCARD',
      'ORG:Bâti\\nPro',
      'URL:https://www.synergie-pro.fr/membres/a?b=1,2;c',
      'END:VCARD',
    ]);
  });
});
