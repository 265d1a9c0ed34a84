import { forumMessages as M } from '@synergie/shared/forum-constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type * as React from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Answer, routeFetch } from '../../../../test/group-fixtures';
import type { ForumCategory, ForumReportsResponse, ForumTopicsResponse } from '../api/forum';
import { ForumCategoriesAdmin } from './admin-categories';
import { CategoryView } from './category-view';
import { ForumHome } from './forum-home';
import { ModerationView } from './moderation-view';
import { SearchView } from './search-view';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function renderAt(path: string, pattern: string, element: React.ReactNode, routes: Record<string, Answer>) {
  const calls = routeFetch(routes);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: pattern, element }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, router };
}

const category = (overrides: Partial<ForumCategory> = {}): ForumCategory => ({
  id: '33333333-3333-4333-8333-333333333333',
  slug: 'entraide',
  name: 'Entraide',
  description: 'Un coup de main.',
  group: null,
  position: 1,
  archived: false,
  topicCount: 2,
  lastActivityAt: '2026-11-20T09:00:00.000Z',
  ...overrides,
});

const viewer = { signedIn: true, canPost: true, isAdmin: false, moderatesGroupIds: [] as string[] };

const summary = (id: string, overrides: Partial<ForumTopicsResponse['topics'][number]> = {}) => ({
  id,
  categorySlug: 'entraide',
  title: `Sujet ${id}`,
  author: { id: 'u1', name: 'Alice Avocate', image: null, trade: null },
  isPublic: true,
  replyCount: 2,
  hasAcceptedAnswer: false,
  acceptedExcerpt: null,
  hidden: false,
  createdAt: '2026-11-18T09:00:00.000Z',
  lastActivityAt: '2026-12-02T09:00:00.000Z',
  ...overrides,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const emptyLanding: Answer = [200, { latest: [], unanswered: [] }];

describe('ForumHome', () => {
  it('opens on the latest discussions and those nobody answered, each naming its category', async () => {
    renderAt('/forum', '/forum', <ForumHome />, {
      'GET /api/forum/categories': [200, { categories: [category()], viewer }],
      'GET /api/forum/latest': [
        200,
        {
          latest: [
            { ...summary('t1', { title: 'Un expert-comptable à Lyon ?' }), categoryName: 'Entraide' },
            { ...summary('t2', { replyCount: 0, title: 'Assurance décennale' }), categoryName: 'Entraide' },
          ],
          unanswered: [{ ...summary('t2', { replyCount: 0, title: 'Assurance décennale' }), categoryName: 'Entraide' }],
        },
      ],
    });
    const latest = (await screen.findByRole('heading', { name: 'Dernières discussions' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(latest).getByRole('link', { name: 'Un expert-comptable à Lyon ?' }).getAttribute('href')).toBe(
      '/forum/sujets/t1',
    );
    expect(within(latest).getAllByRole('link', { name: 'Entraide' })[0]?.getAttribute('href')).toBe('/forum/entraide');
    const unanswered = screen
      .getByRole('heading', { name: 'Personne n’a encore répondu' })
      .closest('section') as HTMLElement;
    expect(within(unanswered).getByRole('link', { name: 'Assurance décennale' })).toBeTruthy();
    expect(within(unanswered).getByText(/Aucune réponse/)).toBeTruthy();
    // The categories stay one click away.
    const categories = screen.getByRole('heading', { name: 'Catégories' }).closest('section') as HTMLElement;
    expect(within(categories).getByRole('link', { name: 'Entraide' }).getAttribute('href')).toBe('/forum/entraide');
  });

  it('lists national categories and marks the member’s group’s one, with `Poser une question`', async () => {
    renderAt('/forum', '/forum', <ForumHome />, {
      'GET /api/forum/latest': emptyLanding,
      'GET /api/forum/categories': [
        200,
        {
          categories: [
            category(),
            category({
              id: '44444444-4444-4444-8444-444444444444',
              slug: 'groupe-rennes',
              name: 'Rennes Centre',
              group: { id: '55555555-5555-4555-8555-555555555555', slug: 'rennes', name: 'Rennes Centre' },
            }),
          ],
          viewer,
        },
      ],
    });
    expect(await screen.findByRole('link', { name: M.newTopic })).toBeTruthy();
    const group = screen.getByRole('heading', { name: 'Mon groupe' }).closest('section') as HTMLElement;
    expect(within(group).getByText(M.groupOnly)).toBeTruthy();
    expect(within(group).getByRole('link', { name: 'Rennes Centre' }).getAttribute('href')).toBe(
      '/forum/groupe-rennes',
    );
    const national = screen.getByRole('heading', { name: 'Catégories' }).closest('section') as HTMLElement;
    expect(within(national).getByText(/2 sujets · dernière activité le 20 novembre 2026/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: M.moderation })).toBeNull();
    // The search box is a plain GET form to /forum/recherche.
    const form = screen.getByLabelText('Rechercher dans le forum').closest('form');
    expect(form?.getAttribute('action')).toBe('/forum/recherche');
    expect(form?.getAttribute('method')).toBe('get');
  });

  it('invites a visitor to sign in and shows leaders the moderation link', async () => {
    renderAt('/forum', '/forum', <ForumHome />, {
      'GET /api/forum/latest': emptyLanding,
      'GET /api/forum/categories': [
        200,
        { categories: [category()], viewer: { ...viewer, signedIn: false, canPost: false } },
      ],
    });
    expect((await screen.findByRole('link', { name: 'Connectez-vous' })).getAttribute('href')).toBe('/auth');
    expect(screen.queryByRole('link', { name: M.newTopic })).toBeNull();
    vi.unstubAllGlobals();
  });

  it('shows leaders and admins the moderation link', async () => {
    renderAt('/forum', '/forum', <ForumHome />, {
      'GET /api/forum/latest': emptyLanding,
      'GET /api/forum/categories': [200, { categories: [category()], viewer: { ...viewer, isAdmin: true } }],
    });
    expect((await screen.findByRole('link', { name: M.moderation })).getAttribute('href')).toBe('/forum/moderation');
  });
});

describe('CategoryView', () => {
  const topics = (overrides: Partial<ForumTopicsResponse> = {}): Answer => [
    200,
    {
      category: category(),
      topics: [
        summary('t1', { hasAcceptedAnswer: true, acceptedExcerpt: 'Un tableur suffit au début' }),
        summary('t2', { replyCount: 0 }),
      ],
      total: 45,
      page: 1,
      pageSize: 20,
      ...overrides,
    },
  ];

  it('shows each topic’s replies, last activity in French and `Réponse acceptée` with its excerpt, paged', async () => {
    renderAt('/forum/entraide', '/forum/:slug', <CategoryView slug="entraide" notFound={<p>404</p>} />, {
      'GET /api/forum/categories/entraide/topics': topics(),
      'GET /api/forum/categories': [200, { categories: [category()], viewer }],
    });
    const first = (await screen.findByRole('link', { name: 'Sujet t1' })).closest('article') as HTMLElement;
    expect(within(first).getByText(M.acceptedAnswer)).toBeTruthy();
    expect(within(first).getByText('Un tableur suffit au début')).toBeTruthy();
    expect(within(first).getByText(/2 réponses · dernière activité le 2 décembre 2026/)).toBeTruthy();
    const second = screen.getByRole('link', { name: 'Sujet t2' }).closest('article') as HTMLElement;
    expect(within(second).queryByText(M.acceptedAnswer)).toBeNull();
    expect(within(second).getByText(/Aucune réponse/)).toBeTruthy();
    expect(screen.getByText('Page 1 sur 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Page suivante/ }).getAttribute('href')).toBe('/forum/entraide?page=2');
    expect(screen.getByRole('link', { name: 'Sans réponse' }).getAttribute('href')).toBe(
      '/forum/entraide?sans-reponse=1',
    );
    expect(screen.getByRole('link', { name: M.newTopic }).getAttribute('href')).toBe(
      '/forum/nouveau?categorie=entraide',
    );
  });

  it('asks the API for the unanswered ones with `Sans réponse`', async () => {
    const { calls } = renderAt(
      '/forum/entraide?sans-reponse=1',
      '/forum/:slug',
      <CategoryView slug="entraide" notFound={<p>404</p>} />,
      {
        'GET /api/forum/categories/entraide/topics?unanswered=true': topics({ topics: [summary('t2')], total: 1 }),
        'GET /api/forum/categories': [200, { categories: [category()], viewer }],
      },
    );
    await screen.findByRole('link', { name: 'Sujet t2' });
    expect(calls.some((c) => c.path === '/api/forum/categories/entraide/topics?unanswered=true')).toBe(true);
    expect(screen.getByRole('link', { name: 'Sans réponse' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('SearchView', () => {
  it('says a one-letter search is too short, without asking the API', async () => {
    const { calls } = renderAt('/forum/recherche?q=a', '/forum/recherche', <SearchView />, {});
    expect((await screen.findByRole('alert')).textContent).toBe(M.searchTooShort);
    expect(calls).toHaveLength(0);
  });

  it('lists the results with their excerpt', async () => {
    renderAt('/forum/recherche?q=facturation', '/forum/recherche', <SearchView />, {
      'GET /api/forum/search?q=facturation': [
        200,
        {
          results: [
            { ...summary('t1', { title: 'Logiciel de facturation' }), excerpt: 'un logiciel de facturation simple' },
          ],
          total: 1,
          page: 1,
          pageSize: 20,
        },
      ],
    });
    expect(await screen.findByRole('heading', { name: /1 résultat pour/ })).toBeTruthy();
    expect(screen.getByText(/un logiciel de facturation simple/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Logiciel de facturation' }).getAttribute('href')).toBe('/forum/sujets/t1');
  });
});

describe('ModerationView', () => {
  const report: ForumReportsResponse['reports'][number] = {
    id: '66666666-6666-4666-8666-666666666666',
    topicId: '77777777-7777-4777-8777-777777777777',
    topicTitle: 'Premiers clients',
    categorySlug: 'entraide',
    postId: '88888888-8888-4888-8888-888888888888',
    excerpt: 'Achetez ma formation',
    author: { id: 'u4', name: 'Denis Vendeur', image: null, trade: null },
    reporter: { id: 'u3', name: 'Chloé Fleuriste', image: null, trade: null },
    reason: 'Publicité',
    status: 'open',
    reportCount: 2,
    hidden: null,
    createdAt: '2026-11-21T10:00:00.000Z',
  };

  it('lists the open reports and hides a reply with a required reason', async () => {
    const { calls } = renderAt('/forum/moderation', '/forum/moderation', <ModerationView />, {
      'GET /api/forum/reports?status=open': [200, { reports: [report], total: 1, page: 1 }],
      [`POST /api/forum/posts/${report.postId}/hide`]: [200, {}],
    });
    const card = await screen.findByRole('article', { name: 'Signalement de la réponse de Denis Vendeur' });
    expect(within(card).getByText('Achetez ma formation')).toBeTruthy();
    expect(within(card).getByText(/2 signalements/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'À traiter' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Masqués' }).getAttribute('href')).toBe('/forum/moderation?statut=hidden');
    fireEvent.click(within(card).getByRole('button', { name: `${M.hide} la réponse de Denis Vendeur` }));
    const dialog = await screen.findByRole('dialog', { name: 'Masquer ce message' });
    fireEvent.click(within(dialog).getByRole('button', { name: M.hide }));
    expect(await within(dialog).findByText(M.reasonRequired)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Raison'), { target: { value: 'Publicité interdite' } });
    fireEvent.click(within(dialog).getByRole('button', { name: M.hide }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Publicité interdite' });
  });

  it('tells a member who moderates nothing', async () => {
    renderAt('/forum/moderation', '/forum/moderation', <ModerationView />, {
      'GET /api/forum/reports?status=open': [403, { error: { code: 'FORBIDDEN', message: 'Accès refusé' } }],
    });
    expect((await screen.findByRole('alert')).textContent).toMatch(/réservée aux responsables/);
  });
});

describe('ForumCategoriesAdmin', () => {
  it('refuses a bad address in French and creates a category', async () => {
    const { calls } = renderAt('/admin/forum', '/admin/forum', <ForumCategoriesAdmin />, {
      'GET /api/admin/forum/categories': [200, { categories: [category()] }],
      'POST /api/admin/forum/categories': [201, { id: 'c9' }],
    });
    const form = await screen.findByRole('form', { name: 'Nouvelle catégorie' });
    fireEvent.change(within(form).getByLabelText('Nom'), { target: { value: 'Juridique' } });
    fireEvent.change(within(form).getByLabelText('Adresse (slug)'), { target: { value: 'Juridique !' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Créer la catégorie' }));
    expect(await within(form).findByText(/lettres minuscules, chiffres et tirets/)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Adresse (slug)'), { target: { value: 'juridique' } });
    fireEvent.change(within(form).getByLabelText('Position'), { target: { value: '7' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Créer la catégorie' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Juridique',
      slug: 'juridique',
      description: null,
      position: 7,
      archived: false,
    });
    expect(screen.getByRole('form', { name: 'Modifier Entraide' })).toBeTruthy();
  });
});
