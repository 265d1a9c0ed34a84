import type { MissingTrades as Missing, OneToOneSuggestions as Suggestions } from '@synergie/shared/suggestions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type * as React from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../../test/group-fixtures';
import { MissingTrades } from './missing-trades';
import { OneToOneSuggestions } from './one-to-one-suggestions';

function renderWith(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

/** Testing Library compares texts with their spaces collapsed: no-break spaces included. */
const spaces = (text: string) => text.replace(/\s+/g, ' ');

describe('OneToOneSuggestions', () => {
  it('names each member and shows the figures behind them under `Pourquoi ?`', async () => {
    const answer: Suggestions = {
      myTrade: 'Cordonnier',
      items: [
        {
          member: {
            id: 'u1',
            name: 'Hervé Horloger',
            image: null,
            trade: 'Horloger',
            city: 'Quimper',
            groupName: null,
          },
          proximity: 'same_city',
          proximityPlace: 'Quimper',
          why: { wonBetweenTrades: 3, confirmedBetweenTrades: 2, confirmedAmountCents: 120_000 },
        },
      ],
    };
    routeFetch({ 'GET /api/me/suggestions/one-to-ones': [200, answer] });
    renderWith(<OneToOneSuggestions />);
    const section = await screen.findByRole('region', { name: 'Qui rencontrer en tête-à-tête' });
    const link = await within(section).findByRole('link', { name: 'Hervé Horloger' });
    expect(link.getAttribute('href')).toBe('/membres/u1');
    const item = link.closest('li') as HTMLElement;
    fireEvent.click(item.querySelector('summary') as HTMLElement);
    expect(
      within(item).getByText(
        spaces(
          'Les métiers Cordonnier et Horloger se sont passé 3 recommandations gagnées dans le réseau sur les 12 derniers mois. Dont 2 affaires confirmées pour 1\u202f200,00\u00a0€ HT.',
        ),
      ),
    ).toBeTruthy();
    expect(within(item).getByText(spaces('Proximité\u00a0: votre ville (Quimper).'))).toBeTruthy();
  });

  it('asks for a trade first', async () => {
    routeFetch({ 'GET /api/me/suggestions/one-to-ones': [200, { myTrade: null, items: [] }] });
    renderWith(<OneToOneSuggestions />);
    expect(await screen.findByRole('link', { name: 'Mon profil' })).toBeTruthy();
  });
});

describe('MissingTrades', () => {
  it('shows each missing trade with what it received and where it sits', async () => {
    const answer: Missing = {
      group: { id: 'g1', name: 'Quimper', region: 'Bretagne' },
      likeGroups: { scope: 'region', count: 3 },
      items: [
        {
          trade: { id: 't1', label: 'Ramoneur', family: 'artisans' },
          why: { recommendationsReceived: 4, groupsWithTrade: 1 },
        },
      ],
    };
    routeFetch({ 'GET /api/me/suggestions/missing-trades': [200, answer] });
    renderWith(<MissingTrades />);
    const section = await screen.findByRole('region', { name: 'Les métiers qui manquent à votre groupe' });
    const item = (await within(section).findByText('Ramoneur')).closest('li') as HTMLElement;
    expect(within(item).getByText('4 recommandations reçues sur 12 mois')).toBeTruthy();
    expect(
      within(item).getByText(
        'Le métier Ramoneur a reçu 4 recommandations sur les 12 derniers mois dans les groupes comparables (3 groupes de la région Bretagne).',
      ),
    ).toBeTruthy();
    expect(within(item).getByText('Un membre de ce métier siège dans 1 groupe sur 3.')).toBeTruthy();
  });
});
