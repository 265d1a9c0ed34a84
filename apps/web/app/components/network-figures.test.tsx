import { NETWORK_FIGURES_ID } from '@synergie/shared/network-figures';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  document.getElementById(NETWORK_FIGURES_ID)?.remove();
  vi.resetModules();
});

describe('NetworkFigures', () => {
  it('stays hidden, with placeholders, when the document came without figures (as prerendered)', async () => {
    const { NetworkFigures } = await import('./network-figures');
    const { container } = render(<NetworkFigures headingId="t" />);
    const block = container.querySelector('[data-chiffres-reseau]');
    expect(block?.hasAttribute('hidden')).toBe(true);
    expect(block?.querySelector('[data-chiffre="members"]')?.textContent).toBe('…');
  });

  it('renders the figures the server wrote into the document, as the server wrote them', async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = NETWORK_FIGURES_ID;
    script.textContent = JSON.stringify({
      members: 1234,
      groups: 12,
      businessCents: 4_560_050,
      year: 2026,
      countedAt: '2026-12-02T05:00:00.000Z',
    });
    document.body.append(script);
    const { NetworkFigures } = await import('./network-figures');
    const { container } = render(<NetworkFigures headingId="t" />);
    const block = container.querySelector('[data-chiffres-reseau]');
    expect(block?.hasAttribute('hidden')).toBe(false);
    const text = (slot: string) => block?.querySelector(`[data-chiffre="${slot}"]`)?.textContent;
    expect(text('members')).toBe('1\u202f234 membres');
    expect(text('groups')).toBe('12 groupes locaux');
    expect(text('business')).toBe('45\u202f601\u00a0€');
    expect(text('businessLabel')).toBe('d’affaires confirmées en 2026 (HT)');
  });
});
