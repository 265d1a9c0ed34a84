import type { Testimonial } from '@synergie/shared/recommendations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '~/lib/toast';
import { routeFetch } from '../../../../test/group-fixtures';
import { TestimonialsView } from './testimonials-view';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

const CHANGED = 'Le témoignage a changé\u00a0: relisez-le avant de le publier ou de le refuser.';

function testimonial(overrides: Partial<Testimonial> = {}): Testimonial {
  return {
    id: 't1',
    author: { id: 'u2', name: 'Bruno Martin', image: null, trade: null },
    subject: { id: 'u1', name: 'Marie Dupont', image: null, trade: null },
    body: 'Bruno a rénové nos bureaux en trois semaines.',
    status: 'pending',
    createdAt: '2026-12-01T10:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

describe('TestimonialsView (issue 33)', () => {
  it('publishes the version read; rewritten meanwhile, says so and reloads the new text', async () => {
    let reads = 0;
    const rewritten = testimonial({ body: 'Un tout autre texte.', createdAt: '2026-12-01T10:05:00.000Z' });
    const calls = routeFetch({
      'GET /api/me/testimonials': () => {
        reads += 1;
        return [200, { received: [reads === 1 ? testimonial() : rewritten], written: [] }];
      },
      'POST /api/testimonials/t1/answer': [409, { error: { code: 'TESTIMONIAL_CHANGED', message: CHANGED } }],
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <TestimonialsView />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /Publier/ }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(CHANGED));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      answer: 'approve',
      seenWrittenAt: '2026-12-01T10:00:00.000Z',
    });
    expect(await screen.findByText('Un tout autre texte.')).toBeTruthy();
  });
});
