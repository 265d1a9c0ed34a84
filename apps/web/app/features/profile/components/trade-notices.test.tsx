import { groupMessages } from '@synergie/shared/group-constants';
import type { MeResponse, Profile } from '@synergie/shared/profile';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../../../test/answer-fetch';
import { PickTradePrompt, RegulatedTradeNotice } from './trade-notices';

const me = (profile: Partial<Profile>): MeResponse => ({
  user: { id: 'u1', email: 'claire@exemple.fr', name: 'Claire', emailVerified: true, twoFactorEnabled: false },
  isAdmin: false,
  profile: {
    userId: 'u1',
    fullName: 'Claire Martin',
    companyName: null,
    companyLogoUrl: null,
    avatarUrl: null,
    websiteUrl: null,
    phone: null,
    bio: null,
    linkedinUrl: null,
    twitterUrl: null,
    githubUrl: null,
    facebookUrl: null,
    sponsorName: null,
    profession: null,
    industry: null,
    city: null,
    skills: [],
    lookingFor: [],
    tradeId: null,
    specialty: null,
    trade: null,
    mustPickTrade: false,
    titleForm: 'masculine',
    ...profile,
  },
});
const notaire = {
  id: '00000000-0000-4000-8000-000000000003',
  slug: 'notaire',
  label: 'Notaire',
  family: 'droit-chiffre' as const,
  nafCode: '69.10Z',
  regulated: true,
};

function renderWith(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('trade notices', () => {
  it('asks a migrated member to pick their trade, their old profession kept as specialty', async () => {
    answerFetch(200, me({ mustPickTrade: true, specialty: 'Magnétiseur', profession: 'Magnétiseur' }));
    renderWith(<PickTradePrompt linkToProfile />);
    expect(await screen.findByText(groupMessages.pickYourTrade)).toBeTruthy();
    expect(screen.getByText(/Votre ancien métier « Magnétiseur » est conservé comme spécialité/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choisir mon métier' }).getAttribute('href')).toBe('/profile#metier');
  });

  it('says nothing to a member who has a trade', async () => {
    const fetch = answerFetch(200, me({ tradeId: notaire.id, trade: notaire, mustPickTrade: false }));
    const { container } = renderWith(<PickTradePrompt />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });

  it('shows the regulated-profession notice word for word to a notaire', async () => {
    answerFetch(200, me({ tradeId: notaire.id, trade: notaire }));
    const { container } = renderWith(<RegulatedTradeNotice />);
    await vi.waitFor(() =>
      expect(container.textContent).toBe(
        'Votre profession peut vous interdire de percevoir une commission d’apport\u00a0: vérifiez les règles de votre ordre.',
      ),
    );
  });

  it('shows no notice to a trade that is not regulated', async () => {
    const fetch = answerFetch(200, me({ tradeId: 'x', trade: { ...notaire, label: 'Plombier', regulated: false } }));
    const { container } = renderWith(<RegulatedTradeNotice />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });
});
