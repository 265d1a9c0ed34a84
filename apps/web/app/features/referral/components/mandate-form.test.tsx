import { euVatMessages } from '@synergie/shared/eu-vat';
import { mandateText, selfBillingMessages } from '@synergie/shared/self-billing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MandateForm } from './mandate-form';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MandateForm mandateText={mandateText()} />
    </QueryClientProvider>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** The error paragraph saying exactly this (the messages hold narrow no-break spaces). */
const message = (text: string) => screen.findByText((_, el) => el?.tagName === 'P' && el.textContent === text);
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Accepter le mandat' }));

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('MandateForm', () => {
  it('says in French what is missing or wrong, before any request', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderForm();
    submit();
    expect(await message(selfBillingMessages.legalNameRequired)).toBeTruthy();
    expect(await message(selfBillingMessages.sirenRequired)).toBeTruthy();
    expect(await message(selfBillingMessages.addressRequired)).toBeTruthy();
    expect(await message(selfBillingMessages.postcodeInvalid)).toBeTruthy();
    expect(await message(selfBillingMessages.cityRequired)).toBeTruthy();
    expect(await message(selfBillingMessages.acceptRequired)).toBeTruthy();
    expect(screen.getByLabelText('SIREN ou SIRET').getAttribute('aria-invalid')).toBe('true');

    type('SIREN ou SIRET', '732 829 321');
    submit();
    expect(await message(selfBillingMessages.sirenKey)).toBeTruthy();
    type('SIREN ou SIRET', '73282932000075');
    submit();
    expect(await message(selfBillingMessages.siretKey)).toBeTruthy();

    // The VAT number is checked against the SIREN once the other fields hold.
    fireEvent.click(screen.getByLabelText(/Assujetti à la TVA/));
    type('SIREN ou SIRET', '732829320');
    type('Dénomination (raison sociale)', 'Dupont Conseil');
    type('Adresse de l’entreprise', '1 rue de la République');
    type('Code postal de l’entreprise', '69001');
    type('Ville de l’entreprise', 'Lyon');
    fireEvent.click(screen.getByRole('checkbox'));
    submit();
    expect(await message(selfBillingMessages.vatRequired)).toBeTruthy();
    type('Numéro de TVA intracommunautaire', 'FR45732829320');
    submit();
    expect(await message(selfBillingMessages.vatFrenchKey)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the accepted mandate once every field is right', async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({}), { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    renderForm();
    type('Dénomination (raison sociale)', 'Dupont Conseil');
    type('SIREN ou SIRET', '732 829 320');
    type('Adresse de l’entreprise', '1 rue de la République');
    type('Code postal de l’entreprise', '69001');
    type('Ville de l’entreprise', 'Lyon');
    fireEvent.click(screen.getByRole('checkbox'));
    submit();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/me/self-billing/mandate');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toMatchObject({
      siren: '732 829 320',
      vatStatus: 'franchise',
      accepted: true,
    });
  });

  it('a business of another member state: autoliquidation, its country and VAT number, no SIREN', async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({}), { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    renderForm();
    fireEvent.click(screen.getByLabelText(/autre pays de l’Union européenne/));
    // No SIREN asked; a country proposed.
    await waitFor(() => expect(screen.queryByLabelText('SIREN ou SIRET')).toBeNull());
    const country = screen.getByLabelText('Pays d’établissement') as HTMLSelectElement;
    expect(country.value).toBe('DE');
    fireEvent.change(country, { target: { value: 'BE' } });
    type('Dénomination (raison sociale)', 'Janssens Consulting SRL');
    type('Adresse de l’entreprise', 'Rue de la Loi 16');
    type('Code postal de l’entreprise', '1000');
    type('Ville de l’entreprise', 'Bruxelles');
    fireEvent.click(screen.getByRole('checkbox'));
    submit();
    expect(await message(euVatMessages.vatRequired)).toBeTruthy();
    type('Numéro de TVA intracommunautaire', 'BE123');
    submit();
    expect(await message(euVatMessages.wrongFormat('BE'))).toBeTruthy();
    type('Numéro de TVA intracommunautaire', 'DE123456789');
    submit();
    expect(await message(euVatMessages.otherCountry('BE'))).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    type('Numéro de TVA intracommunautaire', 'BE0123456789');
    submit();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({
      siren: '',
      country: 'BE',
      vatStatus: 'autoliquidation',
      vatNumber: 'BE0123456789',
      postcode: '1000',
    });
  });
});
