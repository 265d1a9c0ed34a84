import type { Partner } from '@synergie/shared/partners';

/** A partner as the API lists it; `overrides` change what a test is about. */
export function partnerFixture(overrides: Partial<Partner> = {}): Partner {
  return {
    id: 'p1',
    name: 'Batiréno',
    description: "Rénovation tous corps d'état.",
    websiteUrl: 'https://batireno.example',
    logoUrl: null,
    category: 'Rénovation',
    isFeatured: false,
    displayOrder: 0,
    ...overrides,
  };
}
