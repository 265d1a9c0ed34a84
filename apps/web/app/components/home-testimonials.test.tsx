import { typographyProblems } from '@synergie/shared/typography';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HomeTestimonials, HomeTestimonialsList } from './home-testimonials';

const items = [
  {
    id: 't1',
    body: 'Un partenaire fiable, qui rappelle dans la journée.',
    author: { name: 'Sophie Marchand', trade: 'Consultante', avatarUrl: '/storage/avatars/u1/a.webp' },
    member: { userId: 'u2', name: 'Jérôme Renaud', trade: 'Conseiller en gestion de patrimoine' },
  },
  {
    id: 't2',
    body: 'Thomas connaît le marché comme personne.',
    author: { name: 'Paul Durand', trade: null, avatarUrl: null },
    member: { userId: 'u3', name: 'Thomas Girard', trade: null },
  },
];

afterEach(() => {
  document.getElementById('temoignages-servis')?.remove();
  vi.unstubAllGlobals();
});

describe('the home page’s testimonials (issue 31)', () => {
  it('shows each quote in French quotation marks, its author’s face and the member it is about', () => {
    render(<HomeTestimonialsList items={items} />);
    const region = screen.getByRole('region', { name: 'Ce que disent les membres' });
    expect(region.querySelectorAll('li')).toHaveLength(2);
    const first = screen.getByText(/Un partenaire fiable/);
    expect(first.textContent).toBe('«\u00a0Un partenaire fiable, qui rappelle dans la journée.\u00a0»');
    expect(typographyProblems(region.textContent ?? '')).toEqual([]);
    // The photo is decorative (the name is written beside it); initials when there is none.
    expect(region.querySelector('img')?.getAttribute('src')).toBe('/storage/avatars/u1/a.webp');
    expect(region.querySelectorAll('img')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Jérôme Renaud' }).getAttribute('href')).toBe('/membres/u2');
  });

  it('renders nothing when there is none', () => {
    const { container } = render(<HomeTestimonialsList items={[]} />);
    expect(container.innerHTML).toBe('');
  });

  it('hydrates with what the server wrote into the document, without asking the API', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'temoignages-servis';
    script.textContent = JSON.stringify({ testimonials: items });
    document.body.append(script);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <HomeTestimonials />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('region', { name: 'Ce que disent les membres' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
