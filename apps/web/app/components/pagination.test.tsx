import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Pagination, pageCount } from './pagination';

const href = (page: number) => `/forum/entraide?page=${page}`;

function renderAt(page: number, pages: number) {
  return render(
    <MemoryRouter>
      <Pagination page={page} pages={pages} href={href} />
    </MemoryRouter>,
  );
}

describe('Pagination', () => {
  it('links the previous and next pages and says where the reader is', () => {
    renderAt(2, 3);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav.textContent).toContain('Page 2 sur 3');
    expect(screen.getByRole('link', { name: 'Page précédente' }).getAttribute('href')).toBe('/forum/entraide?page=1');
    expect(screen.getByRole('link', { name: 'Page suivante' }).getAttribute('href')).toBe('/forum/entraide?page=3');
  });

  it('has no previous link on the first page, no next one on the last, and nothing for one page', () => {
    const { unmount } = renderAt(1, 2);
    expect(screen.queryByRole('link', { name: 'Page précédente' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Page suivante' })).toBeTruthy();
    unmount();
    const last = renderAt(2, 2);
    expect(screen.queryByRole('link', { name: 'Page suivante' })).toBeNull();
    last.unmount();
    renderAt(1, 1);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('pageCount: one page at least, and a partial last page counts', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});
