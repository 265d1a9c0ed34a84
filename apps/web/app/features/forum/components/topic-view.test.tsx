import { apiErrors } from '@synergie/shared/errors';
import { forumMessages as M } from '@synergie/shared/forum-constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '~/lib/toast';
import { type Answer, routeFetch, sessionAnswer } from '../../../../test/group-fixtures';
import type { ForumPost, ForumTopicResponse } from '../api/forum';
import { TopicView } from './topic-view';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const T = '11111111-1111-4111-8111-111111111111';
const future = new Date(Date.now() + 10 * 60_000).toISOString();
const past = new Date(Date.now() - 60_000).toISOString();

function post(id: string, overrides: Partial<ForumPost> = {}): ForumPost {
  return {
    id,
    author: { id: 'u2', name: 'Bruno Plombier', image: null, trade: 'Plombier chauffagiste' },
    body: `Texte ${id}`,
    mentions: [],
    createdAt: '2026-11-20T09:00:00.000Z',
    editedAt: null,
    editableUntil: null,
    hidden: null,
    accepted: false,
    reportedByMe: false,
    ...overrides,
  };
}

function topic(overrides: Partial<ForumTopicResponse> = {}): ForumTopicResponse {
  return {
    category: {
      id: '22222222-2222-4222-8222-222222222222',
      slug: 'entrepreneuriat',
      name: 'Entrepreneuriat',
      description: null,
      group: null,
      position: 0,
      archived: false,
      topicCount: 1,
      lastActivityAt: null,
    },
    topic: {
      ...post(T, {
        author: { id: 'u1', name: 'Alice Avocate', image: null, trade: 'Notaire' },
        body: 'Comment trouver ses premiers clients ?',
      }),
      title: 'Premiers clients',
      isPublic: true,
      replyCount: 3,
    },
    acceptedAnswer: null,
    posts: [],
    total: 3,
    page: 1,
    pageSize: 50,
    viewer: { canReply: true, canAccept: false, canModerate: false },
    ...overrides,
  };
}

function renderTopic(routes: Record<string, Answer | ((body: unknown) => Answer)>, viewerId: string | null = 'u1') {
  const calls = routeFetch({ 'GET /api/auth/get-session': sessionAnswer(viewerId), ...routes });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/forum/sujets/:topicId', element: <TopicView topicId={T} notFound={<p>Introuvable</p>} /> },
      { path: '/auth', element: <p>Connexion</p> },
    ],
    { initialEntries: [`/forum/sujets/${T}`] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, router };
}

const GET = `GET /api/forum/topics/${T}`;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('TopicView', () => {
  it('shows the accepted answer first under `Réponse acceptée`, then the other replies in order', async () => {
    const accepted = post('a3', { body: 'La réponse choisie', accepted: true });
    renderTopic({
      [GET]: [
        200,
        topic({
          acceptedAnswer: accepted,
          posts: [post('a1', { body: 'Première' }), post('a2', { body: 'Deuxième' }), accepted],
        }),
      ],
    });
    const heading = await screen.findByRole('heading', { name: M.acceptedAnswer, level: 2 });
    const acceptedSection = heading.closest('section') as HTMLElement;
    expect(within(acceptedSection).getByText('La réponse choisie')).toBeTruthy();
    const replies = screen.getByRole('heading', { name: /^Réponses/ }).closest('section') as HTMLElement;
    const texts = within(replies)
      .getAllByRole('article')
      .map((a) => a.textContent);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain('Première');
    expect(texts[1]).toContain('Deuxième');
    // The accepted answer comes before the replies in the page.
    expect(heading.compareDocumentPosition(replies) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getAllByText('La réponse choisie')).toHaveLength(1);
  });

  it('lets the asker mark a reply as the answer', async () => {
    const { calls } = renderTopic({
      [GET]: [200, topic({ posts: [post('a1')], viewer: { canReply: true, canAccept: true, canModerate: false } })],
      [`PUT /api/forum/topics/${T}/accepted`]: [200, {}],
    });
    fireEvent.click(await screen.findByRole('button', { name: M.accept }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ postId: 'a1' });
    await waitFor(() => expect(notify.success).toHaveBeenCalled());
  });

  it('shows the placeholder for a hidden message to members, its text and reason to moderators', async () => {
    const hidden = { at: '2026-11-21T10:00:00.000Z', reason: 'Publicité' };
    renderTopic({ [GET]: [200, topic({ posts: [post('a1', { body: null, hidden })] })] }, 'u9');
    expect(await screen.findByText(M.hiddenPlaceholder)).toBeTruthy();
    expect(screen.queryByText(/Publicité/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Rétablir/ })).toBeNull();
    vi.unstubAllGlobals();
  });

  it('shows moderators the hidden text with its reason and `Rétablir` (reason required)', async () => {
    const hidden = { at: '2026-11-21T10:00:00.000Z', reason: 'Publicité' };
    const { calls } = renderTopic(
      {
        [GET]: [
          200,
          topic({
            posts: [post('a1', { body: 'Achetez ici', hidden })],
            viewer: { canReply: true, canAccept: false, canModerate: true },
          }),
        ],
        'POST /api/forum/posts/a1/restore': [200, {}],
      },
      'u9',
    );
    expect(await screen.findByText('Achetez ici')).toBeTruthy();
    expect(screen.getByText(/Publicité/)).toBeTruthy();
    expect(screen.queryByText(M.hiddenPlaceholder)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: `${M.restore} le message de Bruno Plombier` }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: M.restore }));
    expect(await within(dialog).findByText(M.reasonRequired)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Raison'), { target: { value: 'Erreur de ma part' } });
    fireEvent.click(within(dialog).getByRole('button', { name: M.restore }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/forum/posts/a1/restore')).toBe(true));
    expect(calls.find((c) => c.path === '/api/forum/posts/a1/restore')?.body).toEqual({ reason: 'Erreur de ma part' });
  });

  it('offers `Modifier` on one’s own message only within the edit window, and marks edited ones', async () => {
    renderTopic({
      [GET]: [
        200,
        topic({
          posts: [
            post('a1', {
              author: { id: 'u1', name: 'Alice Avocate', image: null, trade: null },
              editableUntil: future,
            }),
            post('a2', {
              author: { id: 'u1', name: 'Alice Avocate', image: null, trade: null },
              editableUntil: past,
              editedAt: past,
              body: 'Vieux',
            }),
          ],
        }),
      ],
    });
    const mine = await screen.findAllByRole('article', { name: 'Réponse de Alice Avocate' });
    expect(within(mine[0] as HTMLElement).getByRole('button', { name: /Modifier/ })).toBeTruthy();
    expect(within(mine[1] as HTMLElement).queryByRole('button', { name: /Modifier/ })).toBeNull();
    expect(within(mine[1] as HTMLElement).getByText(/modifié/)).toBeTruthy();
    // No `Signaler` on one's own messages.
    expect(within(mine[0] as HTMLElement).queryByRole('button', { name: /Signaler/ })).toBeNull();
  });

  it('edits a reply in place and sends its text', async () => {
    const { calls } = renderTopic({
      [GET]: [
        200,
        topic({
          posts: [
            post('a1', {
              author: { id: 'u1', name: 'Alice Avocate', image: null, trade: null },
              editableUntil: future,
            }),
          ],
        }),
      ],
      'PATCH /api/forum/posts/a1': [200, {}],
    });
    fireEvent.click(await screen.findByRole('button', { name: /Modifier/ }));
    const box = screen.getByLabelText('Modifier votre réponse');
    fireEvent.change(box, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(M.bodyRequired)).toBeTruthy();
    fireEvent.change(box, { target: { value: 'Texte corrigé' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ body: 'Texte corrigé', mentions: [] });
  });

  it('reports a reply with an optional reason through an accessible dialog', async () => {
    const { calls } = renderTopic(
      { [GET]: [200, topic({ posts: [post('a1')] })], 'POST /api/forum/posts/a1/report': [201, {}] },
      'u9',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Signaler le message de Bruno Plombier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Signaler ce message' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/forum/posts/a1/report')).toBe(true));
    expect(calls.find((c) => c.path === '/api/forum/posts/a1/report')?.body).toEqual({ reason: null });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(M.reported));
  });

  it('asks a visitor to sign in on a members’ topic', async () => {
    renderTopic(
      {
        [GET]: [401, { error: { code: 'FORUM_SIGN_IN_TO_READ', message: apiErrors.FORUM_SIGN_IN_TO_READ.message } }],
      },
      null,
    );
    expect(await screen.findByText(M.signInToRead)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/auth');
  });

  it('tells a member of another group the category is reserved', async () => {
    renderTopic({
      [GET]: [403, { error: { code: 'FORUM_GROUP_ONLY', message: apiErrors.FORUM_GROUP_ONLY.message } }],
    });
    expect((await screen.findByRole('alert')).textContent).toBe(apiErrors.FORUM_GROUP_ONLY.message);
  });

  it('says a member out of subscription may read but not write', async () => {
    renderTopic({ [GET]: [200, topic({ viewer: { canReply: false, canAccept: false, canModerate: false } })] });
    expect(
      await screen.findByText((_, el) => el?.tagName === 'P' && (el.textContent ?? '').startsWith(M.subscribeToPost)),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Votre réponse')).toBeNull();
  });
});
