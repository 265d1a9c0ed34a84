import { apiErrors } from '@synergie/shared/errors';
import { euVatMessages } from '@synergie/shared/eu-vat';
import type { MyMembershipInvoices } from '@synergie/shared/membership-invoices';
import { sireneMessages } from '@synergie/shared/sirene';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MyInvoicesCard } from './my-invoices-card';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const data: MyMembershipInvoices = {
  details: {
    siren: null,
    vatNumber: null,
    addressLine: null,
    postcode: null,
    city: null,
    country: 'FR',
    reverseCharge: false,
  },
  sireneLookup: false,
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
      reverseCharge: false,
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
    // No Sirene settings on the server: no lookup offered.
    expect(screen.queryByRole('button', { name: sireneMessages.button })).toBeNull();
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
    expect(row.textContent).toContain(
      'Déposée — 10 mars 2026 à 10\u00a0h\u00a001La facture a été remise à la plateforme agréée.',
    );
    expect(row.textContent).toContain('Le paiement est enregistré.');
    const waiting = screen.getByText('Facture FA-2026-000009').closest('li') as HTMLElement;
    expect(waiting.textContent).toContain('En attente de dépôt');
    expect(waiting.textContent).toContain('La facture sera déposée sur la plateforme agréée dès qu’elle répondra.');
  });
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The card with the lookup offered; `sirene` answers GET /api/me/billing-details/sirene/:siren. */
function renderWithLookup(sirene: (siren: string) => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const match = /\/api\/me\/billing-details\/sirene\/(\d+)$/.exec(url);
    if (match) return sirene(match[1] as string);
    return json({
      ...data,
      sireneLookup: true,
      details: { ...data.details, city: 'Ville tapée' },
    } satisfies MyMembershipInvoices);
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MyInvoicesCard />
    </QueryClientProvider>,
  );
  return fetch;
}

/** The text as written, French no-break spaces included (the default normalizer makes them plain spaces). */
const exact = { normalizer: (text: string) => text };
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('MyInvoicesCard, the SIREN looked up', () => {
  it('fills the address from the directory, keeps what it leaves out, and moves the focus to the name found', async () => {
    const fetch = renderWithLookup((siren) =>
      json({
        siren,
        name: 'DUPONT CONSEIL',
        addressLine: '12 BIS AVENUE DES CHAMPS ELYSEES',
        postcode: '75008',
        city: null,
      }),
    );
    const button = await screen.findByRole('button', { name: sireneMessages.button });
    fireEvent.change(field(/SIREN de l’entreprise/), { target: { value: '552 081 317' } });
    fireEvent.click(button);
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(sireneMessages.found('DUPONT CONSEIL'));
    expect(status.textContent).toBe(
      'Trouvé dans le répertoire Sirene\u00a0: DUPONT CONSEIL. Vérifiez l’adresse puis enregistrez.',
    );
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/me/billing-details/sirene/552081317');
    expect(field(/SIREN de l’entreprise/).value).toBe('552081317');
    expect(field(/Adresse de facturation/).value).toBe('12 BIS AVENUE DES CHAMPS ELYSEES');
    expect(field(/Code postal de facturation/).value).toBe('75008');
    // The directory gave no city: the one typed stays.
    expect(field(/Ville de facturation/).value).toBe('Ville tapée');
  });

  it('shows a refusal in French under the SIREN and changes nothing typed', async () => {
    renderWithLookup(() => json({ error: { code: 'SIRENE_CLOSED', message: apiErrors.SIRENE_CLOSED.message } }, 422));
    const button = await screen.findByRole('button', { name: sireneMessages.button });
    fireEvent.change(field(/Adresse de facturation/), { target: { value: '1 rue Tapée' } });
    fireEvent.change(field(/SIREN de l’entreprise/), { target: { value: '812345676' } });
    fireEvent.click(button);
    expect(await screen.findByText(apiErrors.SIRENE_CLOSED.message, exact)).toBeTruthy();
    const siren = field(/SIREN de l’entreprise/);
    expect(siren.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(siren));
    expect(field(/Adresse de facturation/).value).toBe('1 rue Tapée');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says INSEE is unavailable in French, and refuses a wrong key without asking', async () => {
    const fetch = renderWithLookup(() =>
      json({ error: { code: 'SIRENE_UNAVAILABLE', message: apiErrors.SIRENE_UNAVAILABLE.message } }, 503),
    );
    const button = await screen.findByRole('button', { name: sireneMessages.button });
    fireEvent.change(field(/SIREN de l’entreprise/), { target: { value: '552081318' } });
    fireEvent.click(button);
    expect(await screen.findByText(/clé de contrôle incorrecte/)).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    fireEvent.change(field(/SIREN de l’entreprise/), { target: { value: '552081317' } });
    fireEvent.click(button);
    expect(await screen.findByText(sireneMessages.lookupFailed, exact)).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('MyInvoicesCard, a company of another member state (reverse charge)', () => {
  it('takes the country and its VAT number, hides the SIREN, refuses a wrong format before sending', async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'PUT'
        ? json({ ...data.details, ...JSON.parse(init.body as string), siren: null, reverseCharge: true })
        : json(data),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MyInvoicesCard />
      </QueryClientProvider>,
    );
    const country = (await screen.findByLabelText('Pays d’établissement de l’entreprise')) as HTMLSelectElement;
    expect(country.value).toBe('FR');
    expect(screen.getByLabelText(/SIREN de l’entreprise/).closest('.hidden')).toBeNull();
    fireEvent.change(country, { target: { value: 'DE' } });
    await waitFor(() => expect(screen.getByLabelText(/SIREN de l’entreprise/).closest('.hidden')).not.toBeNull());
    expect(document.body.textContent).toContain('commençant par DE');
    fireEvent.change(field(/Numéro de TVA intracommunautaire/), { target: { value: 'DE1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer mes coordonnées de facturation' }));
    expect(await screen.findByText(euVatMessages.wrongFormat('DE'), exact)).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    fireEvent.change(field(/Numéro de TVA intracommunautaire/), { target: { value: 'DE123456789' } });
    fireEvent.change(field(/Code postal de facturation/), { target: { value: '10117' } });
    fireEvent.change(field(/Ville de facturation/), { target: { value: 'Berlin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer mes coordonnées de facturation' }));
    const puts = () => fetch.mock.calls.filter(([, init]) => init?.method === 'PUT');
    await waitFor(() => expect(puts()).toHaveLength(1));
    const [, init] = puts()[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({
      country: 'DE',
      siren: '',
      vatNumber: 'DE123456789',
      postcode: '10117',
      city: 'Berlin',
    });
  });

  it('says the invoices are issued without VAT, and shows each one HT', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          ...data,
          details: { ...data.details, country: 'DE', vatNumber: 'DE123456789', reverseCharge: true },
          invoices: [
            {
              ...(data.invoices[0] as MyMembershipInvoices['invoices'][number]),
              totalExclVatCents: 9900,
              vatCents: 0,
              reverseCharge: true,
            },
          ],
        } satisfies MyMembershipInvoices),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MyInvoicesCard />
      </QueryClientProvider>,
    );
    const row = (await screen.findByText('Facture FA-2026-000007')).closest('li') as HTMLElement;
    expect(row.textContent).toContain('99,00\u00a0€ HT, autoliquidation');
    expect(screen.getByRole('note').textContent).toBe(
      'Entreprise établie dans un autre pays de l’Union avec son numéro de TVA\u00a0: vos factures sont émises hors TVA, en autoliquidation (la TVA est due par vous, dans votre pays).',
    );
    const select = screen.getByLabelText('Pays d’établissement de l’entreprise') as HTMLSelectElement;
    expect(select.value).toBe('DE');
  });
});
