import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemberAvatar, memberColour, memberInitials } from './member-avatar';

describe('MemberAvatar', () => {
  it('shows the photo when the member has one, decorative (the name is next to it) and lazy', () => {
    const { container } = render(<MemberAvatar name="Claire Martin" avatarUrl="/storage/avatars/u1/photo.webp" />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/storage/avatars/u1/photo.webp');
    expect(img?.getAttribute('alt')).toBe('');
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(img?.getAttribute('width')).toBe('56');
  });

  it('loads a page-top photo at once, sized', () => {
    const { container } = render(
      <MemberAvatar name="Claire Martin" avatarUrl="https://cdn.example.test/a.webp" size="2xl" eager />,
    );
    const img = container.querySelector('img');
    expect(img?.hasAttribute('loading')).toBe(false);
    expect(img?.getAttribute('width')).toBe('96');
    expect(img?.className).toContain('size-24');
  });

  it('draws the initials on a colour of the name when there is no photo, or an unsafe address', () => {
    for (const avatarUrl of [null, undefined, 'javascript:alert(1)', '//evil.example/a.png']) {
      const { container, unmount } = render(<MemberAvatar name="claire  martin dupont" avatarUrl={avatarUrl} />);
      expect(container.querySelector('img')).toBeNull();
      const disc = container.querySelector('[data-slot="member-initials"]');
      expect(disc?.textContent).toBe('CM');
      expect(disc?.getAttribute('aria-hidden')).toBe('true');
      expect(disc?.className).toContain(memberColour('claire  martin dupont'));
      unmount();
    }
  });

  it('gives the same name the same colour, and spreads names over the palette', () => {
    expect(memberColour('Claire Martin')).toBe(memberColour('Claire Martin'));
    expect(memberColour(' claire martin ')).toBe(memberColour('Claire Martin'));
    const names = [
      'Claire Martin',
      'Bruno Plombier',
      'Alice Avocate',
      'Denis Vendeur',
      'Inès Garnier',
      'Paul Marchand',
    ];
    expect(new Set(names.map(memberColour)).size).toBeGreaterThan(2);
  });

  it("memberInitials: two words at most, '?' for an empty name", () => {
    expect(memberInitials('Élodie de la Tour')).toBe('ÉD');
    expect(memberInitials('Madonna')).toBe('M');
    expect(memberInitials('   ')).toBe('?');
  });
});
