import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { MemberCard as Member } from '../api/network';
import { MemberCard, memberTradeLine } from './member-card';

const member = (overrides: Partial<Member> = {}): Member => ({
  userId: 'u1',
  fullName: 'Claire Martin',
  companyName: 'Étude Martin',
  avatarUrl: null,
  profession: 'Notaire',
  industry: null,
  city: 'Lyon',
  skills: [],
  lookingFor: [],
  bio: null,
  links: { websiteUrl: null, linkedinUrl: null, twitterUrl: null, githubUrl: null, facebookUrl: null },
  averageRating: null,
  ratingsCount: 0,
  myRating: null,
  contactStatus: 'none',
  synergyScore: null,
  score: null,
  testimonialsCount: 0,
  trade: { id: 't1', label: 'Notaire', family: 'droit-chiffre', regulated: true },
  specialty: 'droit rural',
  group: { id: 'g1', name: 'Synergie Pro Lyon Confluence', slug: 'lyon-confluence' },
  ...overrides,
});

describe('MemberCard', () => {
  it('shows the reputation score beside the ratings, in words and with its day', () => {
    render(
      <MemoryRouter>
        <MemberCard
          member={member({ score: { score: 74, colour: 'green', computedOn: '2026-11-25' } })}
          onRate={vi.fn()}
          onContact={vi.fn()}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('Vert · 74/100')).toBeTruthy();
    expect(screen.getByText('au 25 nov. 2026')).toBeTruthy();
  });

  it('shows the trade with the specialty and links the home group', () => {
    render(
      <MemoryRouter>
        <MemberCard member={member()} onRate={vi.fn()} onContact={vi.fn()} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Notaire, droit rural')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Synergie Pro Lyon Confluence' });
    expect(link.getAttribute('href')).toBe('/groupes/lyon-confluence');
  });

  it('falls back on the legacy profession without a trade, and shows no group without a seat', () => {
    expect(memberTradeLine(member({ trade: null, specialty: null, profession: 'Sourcier' }))).toBe('Sourcier');
    expect(memberTradeLine(member({ specialty: null }))).toBe('Notaire');
    render(
      <MemoryRouter>
        <MemberCard member={member({ group: null })} onRate={vi.fn()} onContact={vi.fn()} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: /Synergie Pro/ })).toBeNull();
  });
});
