import type { Profile } from '@synergie/shared/profile';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
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
    ...overrides,
  };
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
  it("shows the shared schema's French messages, wired to their fields, and sends nothing", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    type('Nom complet', 'C');
    type('Téléphone', 'abc');
    type('LinkedIn', 'javascript:alert(1)');
    type("Nom de l'entreprise", 'x'.repeat(101));
    save();

    for (const [field, message] of [
      ['Nom complet', 'Le nom doit contenir au moins 2 caractères'],
      ['Téléphone', 'Numéro de téléphone invalide'],
      ['LinkedIn', 'Lien invalide'],
      ["Nom de l'entreprise", "Le nom de l'entreprise ne peut pas dépasser 100 caractères"],
    ] as const) {
      const error = await screen.findByText(message);
      expect(textbox(field).getAttribute('aria-invalid'), field).toBe('true');
      expect(textbox(field).getAttribute('aria-describedby')?.split(' '), field).toContain(error.id);
    }
    expect(textbox('Ville').getAttribute('aria-invalid')).toBe('false');
    expect(fetchMock).not.toHaveBeenCalled();
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
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      return new Response(JSON.stringify(profile(body)), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderForm(profile({ skills: ['Audit'] }));
    type('Nom complet', '  Claire Martin-Dupuis ');
    type('Site web', 'cabinet-martin.fr');
    type('Ville', '   ');
    type('Compétences', 'Fiscalité');
    fireEvent.keyDown(textbox('Compétences'), { key: 'Enter' });
    save();

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Profil mis à jour avec succès'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
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

  it("shows the server's message and marks the fields it names", async () => {
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
});
