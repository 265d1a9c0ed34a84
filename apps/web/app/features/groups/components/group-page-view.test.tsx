import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupFixture, routeFetch, sessionAnswer } from '../../../../test/group-fixtures';
import { GroupPageView, mapLink } from './group-page-view';

// The build's settings (vite.config.ts `define`) are not set under Vitest.
vi.mock('~/lib/site', () => ({ SITE_URL: 'http://localhost:3000', SITE_NAME: 'Synergie Pro' }));

afterEach(() => vi.unstubAllGlobals());

function renderPage(placePhotoUrl: string | null) {
  const group = groupFixture({ placePhotoUrl });
  routeFetch({
    'GET /api/auth/get-session': sessionAnswer(null),
    'GET /api/group-pages/lyon-confluence': [200, { group, members: [], openSeatsByFamily: [] }],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: '/groupes/:slug', element: <GroupPageView slug="lyon-confluence" notFound={<p>Introuvable</p>} /> }],
    { initialEntries: ['/groupes/lyon-confluence'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the meeting place on the group page (issue 31)', () => {
  it('links the address to a map site, loading nothing from it', async () => {
    renderPage(null);
    const link = await screen.findByRole('link', { name: /Voir sur une carte/ });
    expect(link.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/search?query=12%20cours%20Charlemagne%2C%2069002%20Lyon',
    );
    expect(link.getAttribute('rel')).toContain('noopener');
    // No photo yet: no picture, and nothing of another site in the page.
    expect(screen.queryByRole('img', { name: /Le lieu de réunion/ })).toBeNull();
    for (const el of document.querySelectorAll('img, iframe, script')) {
      expect(el.getAttribute('src') ?? '').not.toMatch(/openstreetmap/);
    }
  });

  it('shows the leaders’ photo of the place', async () => {
    renderPage('/storage/service-images/g1/lieu-abc.webp');
    const photo = await screen.findByRole('img', {
      name: 'Le lieu de réunion\u00a0: 12 cours Charlemagne, 69002 Lyon',
    });
    expect(photo.getAttribute('src')).toBe('/storage/service-images/g1/lieu-abc.webp');
  });

  it('adds the city when the address does not name it', () => {
    expect(mapLink('Salle des fêtes', 'Angers')).toBe(
      'https://www.openstreetmap.org/search?query=Salle%20des%20f%C3%AAtes%2C%20Angers',
    );
  });
});
