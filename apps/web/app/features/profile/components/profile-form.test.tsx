import type { Trade } from '@synergie/shared/groups';
import type { Profile } from '@synergie/shared/profile';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '~/lib/toast';
import { ProfileForm } from './profile-form';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function profile(overrides: Partial<Profile> = {}): Profile {
  return {
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
    ...overrides,
  };
}

const trade = (id: string, label: string, family: Trade['family'], regulated = false): Trade => ({
  id,
  slug: id,
  label,
  family,
  nafCode: null,
  regulated,
});
const catalogue: Trade[] = [
  trade('00000000-0000-4000-8000-000000000001', 'Électricien', 'batiment'),
  trade('00000000-0000-4000-8000-000000000002', 'Plombier chauffagiste', 'batiment'),
  trade('00000000-0000-4000-8000-000000000003', 'Notaire', 'droit-chiffre', true),
  trade('00000000-0000-4000-8000-000000000004', 'Électronicien', 'industrie'),
];

/**
 * A fetch that answers GET /api/trades with the catalogue and hands every other call to `other`
 * (undefined: the test expects none); `calls` are those other calls.
 */
function stubApi(other?: (url: string, init: RequestInit) => Promise<Response>) {
  const calls: [string, RequestInit][] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/trades') return new Response(JSON.stringify({ trades: catalogue }), { status: 200 });
      calls.push([url, init]);
      if (!other) throw new Error(`unexpected call ${url}`);
      return other(url, init);
    }),
  );
  return calls;
}

function renderForm(initial = profile()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ProfileForm profile={initial} />
    </QueryClientProvider>,
  );
}

const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(textbox(name), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le profil' }));
const preview = () => screen.getByRole('figure', { name: /Aperçu/ });

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('ProfileForm', () => {
  it('shows the shared schema’s French messages, wired to their fields, and sends nothing', async () => {
    const calls = stubApi();
    renderForm();
    type('Nom complet', 'C');
    type('Téléphone', 'abc');
    type('LinkedIn', 'javascript:alert(1)');
    type('Nom de l’entreprise', 'x'.repeat(101));
    save();

    for (const [field, message] of [
      ['Nom complet', 'Le nom doit contenir au moins 2 caractères'],
      ['Téléphone', 'Numéro de téléphone invalide'],
      ['LinkedIn', 'Lien invalide'],
      ['Nom de l’entreprise', 'Le nom de l’entreprise ne peut pas dépasser 100 caractères'],
    ] as const) {
      const error = await screen.findByText(message);
      expect(textbox(field).getAttribute('aria-invalid'), field).toBe('true');
      expect(textbox(field).getAttribute('aria-describedby')?.split(' '), field).toContain(error.id);
    }
    expect(textbox('Ville').getAttribute('aria-invalid')).toBe('false');
    expect(calls).toEqual([]);
  });

  it('previews the first 100 characters of the bio as it is typed', () => {
    renderForm();
    expect(preview().textContent).toContain('Votre présentation apparaîtra ici.');
    type('Présentation', 'Avocate en droit des sociétés.');
    expect(preview().textContent).toContain('Avocate en droit des sociétés.');

    const long = `${'a'.repeat(95)} bcdefghij`;
    type('Présentation', long);
    const shown = preview().querySelector('p')?.textContent ?? '';
    expect(shown).toBe(`${long.slice(0, 100)}...`);
    expect(shown).not.toContain('ghij');
  });

  it('sends the schema output and shows the stored values with the success message', async () => {
    const calls = stubApi(async (_url, init) => {
      const body = JSON.parse(String(init.body));
      return new Response(JSON.stringify(profile(body)), { status: 200 });
    });
    renderForm(profile({ skills: ['Audit'] }));
    type('Nom complet', '  Claire Martin-Dupuis ');
    type('Site web', 'cabinet-martin.fr');
    type('Ville', '   ');
    type('Compétences', 'Fiscalité');
    fireEvent.keyDown(textbox('Compétences'), { key: 'Enter' });
    save();

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Profil mis à jour avec succès'));
    const [url, init] = calls[0] as [string, RequestInit];
    expect(url).toBe('/api/me/profile');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toMatchObject({
      fullName: 'Claire Martin-Dupuis',
      websiteUrl: 'https://cabinet-martin.fr',
      city: null,
      linkedinUrl: null,
      skills: ['Audit', 'Fiscalité'],
    });
    // The field now shows what was stored, https:// included.
    await waitFor(() => expect(textbox('Site web').value).toBe('https://cabinet-martin.fr'));
  });

  it('shows the server’s message and marks the fields it names', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              error: {
                code: 'VALIDATION',
                message: 'Les données envoyées sont invalides.',
                fields: { city: 'Ville inconnue' },
              },
            }),
            { status: 400 },
          ),
      ),
    );
    renderForm();
    save();
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Les données envoyées sont invalides.'));
    expect(await screen.findByText('Ville inconnue')).toBeTruthy();
    expect(textbox('Ville').getAttribute('aria-invalid')).toBe('true');
  });

  it("falls back on 'Erreur lors de la mise à jour du profil' when the server fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    renderForm();
    save();
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Erreur lors de la mise à jour du profil'));
  });

  it('picks the trade in an accessible combobox: accents ignored, grouped by family, keyboard only', async () => {
    const calls = stubApi(async (_url, init) => {
      const body = JSON.parse(String(init.body));
      const chosen = catalogue.find((t) => t.id === body.tradeId) ?? null;
      return new Response(JSON.stringify(profile({ ...body, trade: chosen, profession: chosen?.label ?? null })), {
        status: 200,
      });
    });
    renderForm(profile({ profession: 'Ancien métier libre' }));
    const combobox = (await screen.findByRole('combobox', { name: 'Métier' })) as HTMLInputElement;
    await waitFor(() => expect(combobox.disabled).toBe(false));
    expect(combobox.getAttribute('aria-expanded')).toBe('false');

    fireEvent.change(combobox, { target: { value: 'electricien' } });
    expect(combobox.getAttribute('aria-expanded')).toBe('true');
    const listbox = screen.getByRole('listbox', { name: 'Métiers du catalogue' });
    expect(listbox.getAttribute('id')).toBe(combobox.getAttribute('aria-controls'));
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Électricien']);
    expect(screen.getByRole('group', { name: 'Bâtiment et travaux' })).toBeTruthy();
    // The first match is highlighted: the input names it, the focus stays in the input.
    expect(combobox.getAttribute('aria-activedescendant')).toBe(options[0]?.id);

    fireEvent.change(combobox, { target: { value: 'ELECTR' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Électricien', 'Électronicien']);
    expect(screen.getByRole('group', { name: 'Industrie' })).toBeTruthy();
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    const second = screen.getAllByRole('option')[1];
    expect(combobox.getAttribute('aria-activedescendant')).toBe(second?.id);
    fireEvent.keyDown(combobox, { key: 'ArrowUp' });
    fireEvent.keyDown(combobox, { key: 'Enter' });
    expect(combobox.value).toBe('Électricien');
    expect(combobox.getAttribute('aria-expanded')).toBe('false');

    fireEvent.change(textbox('Spécialité'), { target: { value: ' Domotique ' } });
    save();
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Profil mis à jour avec succès'));
    const body = JSON.parse(String((calls[0] as [string, RequestInit])[1].body));
    expect(body).toMatchObject({ tradeId: catalogue[0]?.id, specialty: 'Domotique' });
    // The legacy free profession is not in the form any more: never sent.
    expect('profession' in body).toBe(false);
  });

  it('offers `Accord de vos titres` as a radio group, shows the stored choice and sends the new one', async () => {
    const calls = stubApi(async (_url, init) => {
      const body = JSON.parse(String(init.body));
      return new Response(JSON.stringify(profile(body)), { status: 200 });
    });
    renderForm(profile({ titleForm: 'masculine' }));
    // A fieldset named by its legend: the radio group as screen readers announce it.
    const group = screen.getByRole('group', { name: 'Accord de vos titres' });
    expect(group.getAttribute('aria-describedby')).toBeTruthy();
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.labels?.[0]?.textContent)).toEqual([
      'Au masculin (Président, Consultant)',
      'Au féminin (Présidente, Consultante)',
    ]);
    expect(radios.map((r) => r.checked)).toEqual([true, false]);
    expect(radios.map((r) => r.name)).toEqual(['titleForm', 'titleForm']);

    fireEvent.click(within(group).getByRole('radio', { name: 'Au féminin (Présidente, Consultante)' }));
    save();
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Profil mis à jour avec succès'));
    expect(JSON.parse(String((calls[0] as [string, RequestInit])[1].body)).titleForm).toBe('feminine');
    // The stored choice comes back checked.
    await waitFor(() =>
      expect(
        (within(group).getByRole('radio', { name: 'Au féminin (Présidente, Consultante)' }) as HTMLInputElement)
          .checked,
      ).toBe(true),
    );
  });

  it('closes the list with Escape and says when nothing matches', async () => {
    stubApi();
    renderForm();
    const combobox = (await screen.findByRole('combobox', { name: 'Métier' })) as HTMLInputElement;
    await waitFor(() => expect(combobox.disabled).toBe(false));
    fireEvent.change(combobox, { target: { value: 'astronaute' } });
    expect(screen.getByText(/Aucun métier ne correspond/)).toBeTruthy();
    expect(screen.queryAllByRole('option')).toEqual([]);
    fireEvent.keyDown(combobox, { key: 'Escape' });
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(combobox, { key: 'Escape' });
    expect(combobox.value).toBe('');
  });
});
