import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../../../test/answer-fetch';
import { partnerFixture } from '../../../../test/fixtures';
import { PartnerList } from './partner-list';

const partner = partnerFixture;

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PartnerList />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('PartnerList', () => {
  it('shows each partner, marks featured ones and opens their site in a new tab', async () => {
    answerFetch(200, {
      partners: [
        partner({ id: 'a', name: 'Immo Horizon', isFeatured: true }),
        partner({ id: 'b', name: 'Dentalis', logoUrl: 'https://tracker.example/logo.png' }),
      ],
    });
    renderList();

    expect(await screen.findByText('Immo Horizon')).toBeTruthy();
    expect(screen.getAllByText('À la une')).toHaveLength(1);
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    // A logo hosted elsewhere is not loaded (no image from another site).
    expect(document.querySelector('img')).toBeNull();
  });

  it('never turns a non-http address into a link', async () => {
    answerFetch(200, { partners: [partner({ websiteUrl: 'javascript:alert(1)' })] });
    renderList();
    expect(await screen.findByText('Batiréno')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says when there is no partner yet', async () => {
    answerFetch(200, { partners: [] });
    renderList();
    expect(await screen.findByText('Aucun partenaire pour le moment.')).toBeTruthy();
  });

  it('says when the list cannot be loaded', async () => {
    answerFetch(500, { error: { code: 'INTERNAL', message: 'Une erreur interne est survenue.' } });
    renderList();
    expect(await screen.findByText('Impossible de charger les partenaires')).toBeTruthy();
  });
});
