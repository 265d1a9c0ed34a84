import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SectionNav } from './section-nav';

const items = [
  { to: '/profile', label: 'Profil' },
  { to: '/profile/securite', label: 'Sécurité' },
];

function renderAt(path: string) {
  const element = <SectionNav label="Sections du profil" items={items} />;
  const router = createMemoryRouter(
    [
      { path: '/profile', element },
      { path: '/profile/securite', element },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('SectionNav', () => {
  it('marks the current section only (aria-current), the main one not on a sub-section', () => {
    renderAt('/profile/securite');
    const nav = screen.getByRole('navigation', { name: 'Sections du profil' });
    expect(within(nav).getByRole('link', { name: 'Sécurité' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Profil' }).getAttribute('aria-current')).toBeNull();
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/profile', '/profile/securite']);
  });
});
