import type { MyMembershipInvoices } from '@synergie/shared/membership-invoices';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MyInvoicesCard } from './my-invoices-card';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const data: MyMembershipInvoices = {
  details: { siren: null, vatNumber: null, addressLine: null, postcode: null, city: null },
  invoices: [
    {
      id: '0b6f7c1e-2d1a-4a39-9a51-5d3c1c0e9a01',
      number: 'FA-2026-000007',
      kind: 'invoice',
      issuedAt: '2026-03-10T09:00:00.000Z',
      label: 'Adhésion Synergie Pro, formule mensuelle (première adhésion)',
      totalExclVatCents: 8250,
      vatCents: 1650,
      totalInclVatCents: 9900,
      creditsNumber: null,
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('MyInvoicesCard', () => {
  it('lists the invoices with their downloads; a SIREN with a wrong key is refused before sending', async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify(data), { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MyInvoicesCard />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Facture FA-2026-000007')).toBeTruthy();
    expect(screen.getByText(/99,00/).textContent).toContain('10 mars 2026');
    const pdf = screen.getByRole('link', { name: 'Télécharger Facture FA-2026-000007 en PDF' });
    expect(pdf.getAttribute('href')).toBe('/api/me/membership-invoices/0b6f7c1e-2d1a-4a39-9a51-5d3c1c0e9a01/pdf');
    fireEvent.change(screen.getByLabelText(/SIREN de l’entreprise/), { target: { value: '732829321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer mes coordonnées de facturation' }));
    expect(await screen.findByText(/clé de contrôle incorrecte/)).toBeTruthy();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
  });
});
