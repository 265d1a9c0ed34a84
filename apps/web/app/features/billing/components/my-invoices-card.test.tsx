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
      einvoice: null,
    },
  ],
  einvoicingPlatform: null,
};

const deposited: MyMembershipInvoices = {
  ...data,
  einvoicingPlatform: 'de démonstration',
  invoices: [
    {
      ...data.invoices[0],
      id: '0b6f7c1e-2d1a-4a39-9a51-5d3c1c0e9a02',
      number: 'FA-2026-000008',
      einvoice: {
        state: 'deposited',
        label: 'Encaissée',
        at: '2026-03-12T09:00:00.000Z',
        reason: null,
        steps: [
          { code: 200, label: 'Déposée', at: '2026-03-10T09:01:00.000Z', reason: null },
          { code: 212, label: 'Encaissée', at: '2026-03-12T09:00:00.000Z', reason: null },
        ],
      },
    } as MyMembershipInvoices['invoices'][number],
    {
      ...data.invoices[0],
      id: '0b6f7c1e-2d1a-4a39-9a51-5d3c1c0e9a03',
      number: 'FA-2026-000009',
      einvoice: { state: 'waiting', label: 'En attente de dépôt', at: null, reason: null, steps: [] },
    } as MyMembershipInvoices['invoices'][number],
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
    // Downloads only: no word of a platform.
    expect(screen.queryByText(/Plateforme agréée/)).toBeNull();
  });

  it('shows each invoice’s course on the plateforme agréée, its steps and what they mean', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(deposited), { headers: { 'content-type': 'application/json' } })),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MyInvoicesCard />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Facture FA-2026-000008')).toBeTruthy();
    expect(document.body.textContent).toContain(
      'Vos factures sont transmises par la plateforme agréée de démonstration\u00a0: leur état est indiqué à côté de chacune.',
    );
    const row = screen.getByText('Facture FA-2026-000008').closest('li') as HTMLElement;
    expect(row.textContent).toContain('Plateforme agréée\u00a0:Encaisséele 12 mars 2026');
    expect(row.textContent).toContain('Déposée — 10 mars 2026La facture a été remise à la plateforme agréée.');
    expect(row.textContent).toContain('Le paiement est enregistré.');
    const waiting = screen.getByText('Facture FA-2026-000009').closest('li') as HTMLElement;
    expect(waiting.textContent).toContain('En attente de dépôt');
    expect(waiting.textContent).toContain('La facture sera déposée sur la plateforme agréée dès qu’elle répondra.');
  });
});
