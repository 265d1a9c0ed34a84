import type { AdminGroup } from '@synergie/shared/group-admin';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '~/lib/toast';
import { GroupsAdmin } from './groups-admin';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const group: AdminGroup = {
  id: '00000000-0000-4000-8000-000000000010',
  slug: 'lyon-confluence',
  name: 'Synergie Pro Lyon Confluence',
  city: 'Lyon',
  departmentCode: '69',
  region: 'Auvergne-Rhône-Alpes',
  description: '',
  meetingPlace: '12 quai Rambaud, Lyon',
  meetingRhythm: 'weekly',
  meetingWeekday: 2,
  meetingTime: '07:00',
  activeMembers: 12,
  status: 'active',
  pendingApplications: 1,
  waitlist: 2,
  leaders: [{ role: 'president', roleLabel: 'Présidente', userId: 'u1', fullName: 'Claire Martin' }],
  createdAt: '2026-01-05T10:00:00.000Z',
};

function stubApi(write: (url: string, init: RequestInit) => Response) {
  const calls: [string, RequestInit][] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'GET') return new Response(JSON.stringify({ groups: [group] }), { status: 200 });
      calls.push([url, init]);
      return write(url, init);
    }),
  );
  return calls;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <GroupsAdmin />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('/admin/groupes', () => {
  it('lists each group with its status, rhythm, counts, leaders and links', async () => {
    stubApi(() => new Response('{}', { status: 500 }));
    renderPage();
    const card = (await screen.findByRole('heading', { name: 'Synergie Pro Lyon Confluence' })).closest('li');
    if (!card) throw new Error('no card');
    const text = (card.textContent ?? '').replace(/\s/g, ' ');
    expect(text).toContain('Actif');
    expect(text).toContain('Tous les mardis à 7 h 00');
    expect(text).toContain('12 / 50');
    // The leader's title as the server words it, in the form she chose (issue 31).
    expect(text).toContain('Présidente : Claire Martin');
    expect(
      within(card)
        .getByRole('link', { name: /Page publique/ })
        .getAttribute('href'),
    ).toBe('/groupes/lyon-confluence');
    expect(
      within(card)
        .getByRole('link', { name: /Responsables et gestion/ })
        .getAttribute('href'),
    ).toBe('/groupes/lyon-confluence/gestion');
  });

  it('creates a group: French errors from the shared schema first, then the server’s slug refusal on its field', async () => {
    const calls = stubApi(
      () =>
        new Response(
          JSON.stringify({
            error: {
              code: 'DUPLICATE_GROUP_SLUG',
              message: 'Un groupe porte déjà cet identifiant.',
              fields: { slug: 'Un groupe porte déjà cet identifiant.' },
            },
          }),
          { status: 409 },
        ),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Créer un groupe' }));
    const dialog = await screen.findByRole('dialog');
    const field = (name: string) => within(dialog).getByRole('textbox', { name }) as HTMLInputElement;
    fireEvent.change(field('Identifiant *'), { target: { value: 'Lyon Confluence' } });
    fireEvent.change(field('Département *'), { target: { value: '96' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Créer le groupe' }));
    expect(
      await within(dialog).findByText(
        'L’identifiant ne peut contenir que des lettres minuscules sans accent, des chiffres et des tirets',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('Le département est invalide (ex. 69, 2A, 974)')).toBeTruthy();
    expect(calls).toEqual([]);

    fireEvent.change(field('Nom *'), { target: { value: 'Synergie Pro Paris 11e' } });
    fireEvent.change(field('Identifiant *'), { target: { value: 'lyon-confluence' } });
    fireEvent.change(field('Ville *'), { target: { value: 'Paris' } });
    fireEvent.change(field('Département *'), { target: { value: '75' } });
    fireEvent.change(field('Région *'), { target: { value: 'Île-de-France' } });
    fireEvent.change(field('Lieu de réunion *'), { target: { value: '5 rue Oberkampf, Paris' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Créer le groupe' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Un groupe porte déjà cet identifiant.'));
    expect(field('Identifiant *').getAttribute('aria-invalid')).toBe('true');
    const [url, init] = calls[0] as [string, RequestInit];
    expect(url).toBe('/api/admin/groups');
    expect(JSON.parse(String(init.body))).toMatchObject({
      name: 'Synergie Pro Paris 11e',
      slug: 'lyon-confluence',
      departmentCode: '75',
      meetingRhythm: 'weekly',
      meetingWeekday: 2,
      meetingTime: '07:00',
    });
  });
});
