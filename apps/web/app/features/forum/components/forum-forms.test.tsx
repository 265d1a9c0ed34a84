import { forumMessages as M } from '@synergie/shared/forum-constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Answer, routeFetch } from '../../../../test/group-fixtures';
import type { ForumCategoriesResponse } from '../api/forum';
import { PostForm } from './forum-forms';
import { mentionQuery } from './mention-textarea';
import { NewTopicView } from './new-topic-view';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function renderAt(element: React.ReactNode, path: string, routes: Record<string, Answer>) {
  const calls = routeFetch(routes);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: path.split('?')[0] ?? path, element },
      { path: '/forum/sujets/:id', element: <p>Page du sujet</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, router };
}

const mentionable: Answer = [
  200,
  {
    members: [
      { id: 'u2', name: 'Bruno Plombier', trade: 'Plombier chauffagiste' },
      { id: 'u3', name: 'Brigitte Fleuriste', trade: null },
    ],
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('mentionQuery', () => {
  it('finds the `@` being typed before the caret, not an address', () => {
    expect(mentionQuery('Merci @Br', 9)).toEqual({ start: 6, q: 'Br' });
    expect(mentionQuery('@Bruno Pl', 9)).toEqual({ start: 0, q: 'Bruno Pl' });
    expect(mentionQuery('ecrire a jean@exemple', 21)).toBeNull();
    expect(mentionQuery('Merci @Bruno Plombier ', 22)).toBeNull();
  });
});

describe('the composer’s mentions', () => {
  it('proposes members after `@` + letters in a listbox, the keyboard inserts `@Name` and its id is sent', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderAt(
      <PostForm label="Votre réponse" submitLabel={M.reply} failure="Échec" onSubmit={onSubmit} />,
      '/forum/sujets/t1',
      { 'GET /api/forum/mentionable?q=Br': mentionable },
    );
    const box = screen.getByLabelText('Votre réponse') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Merci @Br' } });
    const list = await screen.findByRole('listbox', { name: 'Membres à mentionner' });
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('Merci @Bruno Plombier ');
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.change(box, { target: { value: 'Merci @Bruno Plombier pour tout' } });
    fireEvent.click(screen.getByRole('button', { name: M.reply }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ body: 'Merci @Bruno Plombier pour tout', mentions: ['u2'] }),
    );
  });

  it('sends no id for a mention erased from the text, and the mouse picks too', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderAt(
      <PostForm label="Votre réponse" submitLabel={M.reply} failure="Échec" onSubmit={onSubmit} />,
      '/forum/sujets/t1',
      { 'GET /api/forum/mentionable?q=Br': mentionable },
    );
    const box = screen.getByLabelText('Votre réponse') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: '@Br' } });
    fireEvent.click(await screen.findByRole('option', { name: /Brigitte Fleuriste/ }));
    expect(box.value).toBe('@Brigitte Fleuriste ');
    fireEvent.change(box, { target: { value: 'Finalement personne' } });
    fireEvent.click(screen.getByRole('button', { name: M.reply }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ body: 'Finalement personne', mentions: [] }));
  });

  it('closes the proposals with Escape', async () => {
    renderAt(
      <PostForm label="Votre réponse" submitLabel={M.reply} failure="Échec" onSubmit={vi.fn()} />,
      '/forum/sujets/t1',
      { 'GET /api/forum/mentionable?q=Br': mentionable },
    );
    const box = screen.getByLabelText('Votre réponse');
    fireEvent.change(box, { target: { value: '@Br' } });
    await screen.findByRole('listbox');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

const categories = (overrides: Partial<ForumCategoriesResponse['viewer']> = {}): Answer => [
  200,
  {
    categories: [
      {
        id: 'c1',
        slug: 'entrepreneuriat',
        name: 'Entrepreneuriat',
        description: null,
        group: null,
        position: 0,
        archived: false,
        topicCount: 0,
        lastActivityAt: null,
      },
      {
        id: 'c2',
        slug: 'rennes-centre',
        name: 'Rennes Centre',
        description: null,
        group: { id: 'g1', slug: 'rennes-centre', name: 'Rennes Centre' },
        position: 0,
        archived: false,
        topicCount: 0,
        lastActivityAt: null,
      },
    ],
    viewer: { signedIn: true, canPost: true, isAdmin: false, moderatesGroupIds: [], ...overrides },
  },
];

describe('NewTopicView', () => {
  it('refuses a short title and an empty question in French, then publishes and opens the topic', async () => {
    const { calls, router } = renderAt(<NewTopicView />, '/forum/nouveau?categorie=entrepreneuriat', {
      'GET /api/forum/categories': categories(),
      'POST /api/forum/categories/entrepreneuriat/topics': [201, { id: 't9' }],
    });
    fireEvent.change(await screen.findByLabelText('Titre de la question'), { target: { value: 'Aide' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publier la question' }));
    expect(await screen.findByText(M.titleTooShort)).toBeTruthy();
    expect(screen.getByText(M.bodyRequired)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Titre de la question'), {
      target: { value: 'Quel logiciel de facturation ?' },
    });
    fireEvent.change(screen.getByLabelText('Votre question'), { target: { value: 'Je cherche un outil simple.' } });
    fireEvent.click(screen.getByLabelText(M.publicQuestion));
    fireEvent.click(screen.getByRole('button', { name: 'Publier la question' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forum/sujets/t9'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Quel logiciel de facturation ?',
      body: 'Je cherche un outil simple.',
      isPublic: true,
      mentions: [],
    });
  });

  it('offers `Question publique` only in a national category', async () => {
    renderAt(<NewTopicView />, '/forum/nouveau?categorie=rennes-centre', { 'GET /api/forum/categories': categories() });
    await screen.findByLabelText('Titre de la question');
    expect(screen.queryByLabelText(M.publicQuestion)).toBeNull();
    fireEvent.change(screen.getByLabelText('Catégorie'), { target: { value: 'entrepreneuriat' } });
    expect(screen.getByLabelText(M.publicQuestion)).toBeTruthy();
  });

  it('tells a member out of subscription they can read but not write', async () => {
    renderAt(<NewTopicView />, '/forum/nouveau', { 'GET /api/forum/categories': categories({ canPost: false }) });
    expect(
      await screen.findByText((_, el) => el?.tagName === 'P' && (el.textContent ?? '').startsWith(M.subscribeToPost)),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Titre de la question')).toBeNull();
  });
});
