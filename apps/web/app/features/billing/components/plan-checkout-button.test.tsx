import { SEPA_MANDATE_TEXT_VERSION, sepaMandateText } from '@synergie/shared/sepa-debit';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlanCheckoutButton } from './plan-checkout-button';

vi.mock('~/features/auth', () => ({ useSession: () => ({ data: { user: { id: 'u1' } } }) }));
vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

const answer = (body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));

describe('PlanCheckoutButton', () => {
  it('shows the SEPA mandate’s wording before sending the member to pay (issue 32)', async () => {
    const text = sepaMandateText() ?? '';
    vi.stubGlobal(
      'fetch',
      answer({ url: 'https://checkout.stripe.test/c/1', sepaMandate: { version: SEPA_MANDATE_TEXT_VERSION, text } }),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    render(
      <MemoryRouter>
        <PlanCheckoutButton planId="monthly" describedBy="x" recommended />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Commencer l’essai gratuit' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Mandat de prélèvement SEPA');
    expect(screen.getByTestId('sepa-mandate-text').textContent).toBe(text);
    expect(assign).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Continuer vers le paiement' }));
    expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/1');
  });

  it('goes straight to the demo checkout, which has no mandate', async () => {
    vi.stubGlobal('fetch', answer({ url: 'https://www.synergie-pro.fr/billing/demo-checkout?session=a' }));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    render(
      <MemoryRouter>
        <PlanCheckoutButton planId="annual" describedBy="x" recommended={false} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Commencer l’essai gratuit' }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://www.synergie-pro.fr/billing/demo-checkout?session=a'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
