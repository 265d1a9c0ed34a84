import { describe, expect, it } from 'vitest';
import { externalHref } from './external-href';

describe('externalHref', () => {
  it('keeps http(s) links and adds https:// when missing', () => {
    expect(externalHref('https://exemple.fr/a')).toBe('https://exemple.fr/a');
    expect(externalHref('http://exemple.fr')).toBe('http://exemple.fr');
    expect(externalHref('exemple.fr')).toBe('https://exemple.fr');
  });

  it('never gives a script or empty address', () => {
    expect(externalHref(null)).toBeUndefined();
    expect(externalHref('')).toBeUndefined();
    expect(externalHref('javascript:alert(1)')).toBeUndefined();
  });
});
