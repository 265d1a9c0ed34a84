import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type * as React from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '~/lib/api-client';
import { LoadError, Loading, NotFound, QueryState } from './query-state';

describe('Loading', () => {
  it('tells screen readers what loads (role=status) in an aria-busy container, over the skeleton', () => {
    const { container } = render(
      <Loading label="Chargement de la réunion…" className="mx-auto">
        <div data-testid="skeleton" aria-hidden="true" />
      </Loading>,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Chargement de la réunion…');
    expect(status.className).toBe('sr-only');
    const busy = container.firstElementChild as HTMLElement;
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(busy.className).toBe('mx-auto');
    expect(busy.contains(screen.getByTestId('skeleton'))).toBe(true);
  });

  it("says 'Chargement…' by default, with a generic skeleton hidden from screen readers", () => {
    const { container } = render(<Loading />);
    expect(screen.getByRole('status').textContent).toBe('Chargement…');
    expect(container.querySelector('.animate-pulse')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('writes the label itself for small sections, and spins for the guards', () => {
    const text = render(<Loading variant="text" label="Chargement des sessions…" />);
    const written = screen.getByRole('status');
    expect(written.textContent).toBe('Chargement des sessions…');
    expect(written.className).not.toContain('sr-only');
    text.unmount();
    const { container } = render(<Loading variant="spinner" />);
    expect(screen.getByRole('status').textContent).toBe('Chargement…');
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });
});

describe('LoadError', () => {
  it("shows the page’s French message, titled 'Erreur', and `Réessayer` calls the retry", () => {
    const onRetry = vi.fn();
    render(<LoadError message="Impossible de charger vos tête-à-tête." onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('ErreurImpossible de charger vos tête-à-tête.Réessayer');
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('prefers the server’s French refusal, and keeps the page’s message for a server or network fault', () => {
    const { rerender } = render(
      <LoadError
        message="Impossible de charger la réunion."
        error={new ApiRequestError('Accès réservé aux membres du groupe', 403, 'FORBIDDEN')}
        onRetry={() => {}}
      />,
    );
    expect(screen.getByText('Accès réservé aux membres du groupe')).toBeTruthy();
    rerender(
      <LoadError
        message="Impossible de charger la réunion."
        error={new ApiRequestError('Une erreur interne est survenue', 500, 'INTERNAL')}
        onRetry={() => {}}
      />,
    );
    expect(screen.getByText('Impossible de charger la réunion.')).toBeTruthy();
    rerender(
      <LoadError
        message="Impossible de charger la réunion."
        error={new ApiRequestError('Connexion impossible', 0, 'NETWORK')}
        onRetry={() => {}}
      />,
    );
    expect(screen.getByText('Connexion impossible')).toBeTruthy();
  });

  it('goes without its title when asked, and disables `Réessayer` while the retry runs', () => {
    render(<LoadError title={null} message="Impossible de charger vos sessions." onRetry={() => {}} retrying />);
    expect(screen.getByRole('alert').textContent).toBe('Impossible de charger vos sessions.Réessayer');
    expect((screen.getByRole('button', { name: 'Réessayer' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('NotFound', () => {
  it('shows the page the route gives, else the site’s 404 body', () => {
    const { rerender } = render(
      <MemoryRouter>
        <NotFound>
          <p>Ce membre n’existe pas.</p>
        </NotFound>
      </MemoryRouter>,
    );
    expect(screen.getByText('Ce membre n’existe pas.')).toBeTruthy();
    rerender(
      <MemoryRouter>
        <NotFound />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Page introuvable' })).toBeTruthy();
  });
});

function Meeting({ answer, notFound }: { answer: () => Promise<string>; notFound?: React.ReactNode }) {
  const query = useQuery({ queryKey: ['meeting'], queryFn: answer });
  return (
    <QueryState
      query={query}
      loading={<Loading label="Chargement de la réunion…" />}
      errorMessage="Impossible de charger la réunion."
      errorClassName="mx-auto max-w-3xl"
      notFound={notFound}
    >
      {(title) => <h1>{title}</h1>}
    </QueryState>
  );
}

function renderQuery(answer: () => Promise<string>, notFound?: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Meeting answer={answer} notFound={notFound} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('QueryState', () => {
  it('shows the loading state, then the data', async () => {
    let resolve: (title: string) => void = () => {};
    renderQuery(() => new Promise<string>((r) => (resolve = r)));
    expect(screen.getByRole('status').textContent).toBe('Chargement de la réunion…');
    resolve('Réunion du mardi');
    expect(await screen.findByRole('heading', { name: 'Réunion du mardi' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the failure in the page frame, and `Réessayer` asks again', async () => {
    const answer = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new ApiRequestError('Une erreur interne est survenue', 500, 'INTERNAL'))
      .mockResolvedValueOnce('Réunion du mardi');
    const { container } = renderQuery(answer);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Impossible de charger la réunion.');
    expect(alert.parentElement?.className).toBe('mx-auto max-w-3xl');
    expect(container.contains(alert)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { name: 'Réunion du mardi' })).toBeTruthy();
    expect(answer).toHaveBeenCalledTimes(2);
  });

  it('shows the not-found page for a 404 when the page has one, else the failure', async () => {
    const missing = () => Promise.reject(new ApiRequestError('Réunion introuvable', 404, 'NOT_FOUND'));
    renderQuery(missing, <p>Page introuvable</p>);
    expect(await screen.findByText('Page introuvable')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('treats a 404 as a failure like the others when the page gives no not-found state', async () => {
    renderQuery(() => Promise.reject(new ApiRequestError('Réunion introuvable', 404, 'NOT_FOUND')));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Réunion introuvable'));
  });
});
