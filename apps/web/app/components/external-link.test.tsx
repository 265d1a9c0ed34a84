import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from '~/components/ui/button';
import { ExternalLink } from './external-link';

describe('ExternalLink', () => {
  it('opens the address in a new tab without a handle on this page, named for screen readers', () => {
    render(
      <ExternalLink href="https://cabinet-martin.fr/contact" context="de Claire Martin" className="text-brand-700">
        Visiter le site
      </ExternalLink>,
    );
    const link = screen.getByRole('link', { name: 'Visiter le site de Claire Martin (nouvel onglet)' });
    expect(link.getAttribute('href')).toBe('https://cabinet-martin.fr/contact');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.className).toBe('text-brand-700');
  });

  it('adds nofollow for addresses members typed, and https:// when the scheme is missing', () => {
    render(
      <ExternalLink href="www.chocolatier-martin.fr" nofollow>
        LinkedIn
      </ExternalLink>,
    );
    const link = screen.getByRole('link', { name: 'LinkedIn (nouvel onglet)' });
    expect(link.getAttribute('href')).toBe('https://www.chocolatier-martin.fr');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
  });

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '', null])(
    'renders nothing for %s',
    (href) => {
      const { container } = render(<ExternalLink href={href}>Voir le projet</ExternalLink>);
      expect(container.innerHTML).toBe('');
    },
  );

  it('takes the look of a button through asChild', () => {
    render(
      <Button asChild variant="outline" size="sm">
        <ExternalLink href="https://exemple.fr" context=": Site vitrine">
          Voir le projet
        </ExternalLink>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Voir le projet : Site vitrine (nouvel onglet)' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.className).toContain('border');
  });
});
