import { describe, expect, it } from 'vitest';
import { findRedirect, isPreviewHost, matchRoutePattern, pageTitle } from './site';

describe('site helpers', () => {
  it('builds page titles with the network name and tagline', () => {
    expect(pageTitle('Contact')).toBe("Contact | Synergie Pro - Réseau d'Affaires Multi-Métiers");
    expect(pageTitle('Contact', 'Réseau Est')).toBe("Contact | Réseau Est - Réseau d'Affaires Multi-Métiers");
  });

  it.each([
    ['preview.synergie-pro.fr', true],
    ['synergie-pro-staging.example.net', true],
    ['dev.synergie-pro.fr', true],
    ['test.synergie-pro.fr', true],
    ['www.synergie-pro.fr', false],
    ['localhost', false],
  ])('shows the preview banner on %s: %s', (host, expected) => {
    expect(isPreviewHost(host)).toBe(expected);
  });

  it('finds the redirects of the route table', () => {
    expect(findRedirect('/home')).toBe('/');
    expect(findRedirect('/about/')).toBe('/a-propos');
    expect(findRedirect('/category/x/y')).toBe('/');
    expect(findRedirect('/categoryx')).toBeUndefined();
    expect(findRedirect('/contact')).toBeUndefined();
  });

  it('matches route patterns segment by segment', () => {
    expect(matchRoutePattern('/admin/members', '/admin/members')).toBe(true);
    expect(matchRoutePattern('/members/:id', '/members/abc')).toBe(true);
    expect(matchRoutePattern('/members/:id', '/members')).toBe(false);
    expect(matchRoutePattern('/members/:id', '/members/a/b')).toBe(false);
  });
});
