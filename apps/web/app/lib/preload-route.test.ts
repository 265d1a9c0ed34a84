import { afterEach, describe, expect, it } from 'vitest';
import { preloadRouteFiles } from './preload-route';

const manifest = {
  routes: {
    root: { id: 'root', path: '', module: '/assets/root.js', imports: ['/assets/framework.js'] },
    'routes/today': {
      id: 'routes/today',
      parentId: 'root',
      path: 'aujourdhui',
      module: '/assets/today.js',
      imports: ['/assets/framework.js', '/assets/cards.js', '/assets/format.js'],
    },
    'routes/group': { id: 'routes/group', parentId: 'root', path: 'groupes/:slug', module: '/assets/group.js' },
    'routes/group-leaders': {
      id: 'routes/group-leaders',
      parentId: 'root',
      path: 'groupes/:slug/gestion',
      module: '/assets/leaders.js',
      imports: ['/assets/charts.js'],
    },
    'routes/profile': { id: 'routes/profile', parentId: 'root', path: 'profile', module: '/assets/profile.js' },
    'routes/profile-overview': {
      id: 'routes/profile-overview',
      parentId: 'routes/profile',
      index: true,
      module: '/assets/profile-overview.js',
      imports: ['/assets/format.js'],
    },
  },
};

const preloaded = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((el) => el.getAttribute('href'));

afterEach(() => {
  document.head.innerHTML = '';
  delete window.__reactRouterManifest;
});

describe('preloadRouteFiles', () => {
  it('names the page’s module and every file it imports at once, leaving out what the page already names', () => {
    window.__reactRouterManifest = manifest;
    document.head.innerHTML = '<link rel="modulepreload" href="/assets/framework.js">';
    expect(preloadRouteFiles('/aujourdhui')).toEqual(['/assets/today.js', '/assets/cards.js', '/assets/format.js']);
    expect(preloaded()).toEqual(['/assets/framework.js', '/assets/today.js', '/assets/cards.js', '/assets/format.js']);
    // A second call names nothing twice.
    expect(preloadRouteFiles('/aujourdhui')).toEqual([]);
  });

  it('follows the routes as the router matches them: a parameter, a fixed segment, a layout and its index', () => {
    window.__reactRouterManifest = manifest;
    expect(preloadRouteFiles('/groupes/lyon/gestion')).toEqual(['/assets/leaders.js', '/assets/charts.js']);
    expect(preloadRouteFiles('/groupes/lyon')).toEqual(['/assets/group.js']);
    expect(preloadRouteFiles('/profile')).toEqual([
      '/assets/profile.js',
      '/assets/profile-overview.js',
      '/assets/format.js',
    ]);
  });

  it('names nothing for an address no route matches, or without the manifest', () => {
    window.__reactRouterManifest = manifest;
    expect(preloadRouteFiles('/nulle-part/ici')).toEqual([]);
    delete window.__reactRouterManifest;
    expect(preloadRouteFiles('/aujourdhui')).toEqual([]);
  });
});
