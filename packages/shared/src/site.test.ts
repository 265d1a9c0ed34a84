import { describe, expect, it } from 'vitest';
import { findRedirect, isPreviewHost, matchRoutePattern, pageTitle } from './site';

describe('site helpers', () => {
  it('builds page titles with the network name and tagline', () => {
    expect(pageTitle('Contact')).toBe('Contact | Synergie Pro - Réseau d’Affaires Multi-Métiers');
    expect(pageTitle('Contact', 'Réseau Est')).toBe('Contact | Réseau Est - Réseau d’Affaires Multi-Métiers');
  });

  it.each([
    // Markers as whole labels, cut on '.' and '-'.
    ['preview.synergie-pro.fr', true],
    ['synergie-pro-staging.example', true],
    ['synergie-pro-staging.example.net', true],
    ['dev.synergie-pro.fr', true],
    ['test.synergie-pro.fr', true],
    ['recette.exemple.fr', true],
    ['demo.synergie-pro.fr', true],
    ['app-preview-42.exemple.fr', true],
    // `dev` stands alone after the cut, as `staging` does above: a preview by the same rule.
    ['mon-site-dev.fr', true],
    // Upper case, a port and a trailing dot change nothing.
    ['PREVIEW.Synergie-Pro.FR', true],
    ['Staging.exemple.fr:8443', true],
    ['recette.exemple.fr.', true],
    ['dev', true],
    // A marker inside a word is not a marker.
    ['devis-pro.fr', false],
    ['testament-conseil.fr', false],
    ['developpement-durable.fr', false],
    ['demonstration.fr', false],
    ['testeur.fr', false],
    ['previewer.exemple.fr', false],
    ['DEVIS-PRO.FR', false],
    ['devis-pro.fr:443', false],
    // The top-level domain is not a marker: real sites live under .dev.
    ['synergie-pro.dev', false],
    ['www.synergie-pro.fr', false],
    ['synergie-pro.fr', false],
    // No host name: localhost and IP addresses.
    ['localhost', false],
    ['localhost:5173', false],
    ['127.0.0.1', false],
    ['192.168.1.20:3000', false],
    ['::1', false],
    ['[::1]:3000', false],
    ['fe80:0:0:0:0:0:0:1', false],
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
