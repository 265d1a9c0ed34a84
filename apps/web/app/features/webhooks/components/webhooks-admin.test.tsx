import { webhookMessages } from '@synergie/shared/webhooks';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../../test/group-fixtures';
import { WebhooksAdmin } from './webhooks-admin';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

const endpoint = {
  id: 'w1',
  url: 'https://crm.exemple.fr/webhooks/synergie',
  description: 'Notre CRM',
  events: ['recommendation.created', 'business.confirmed'],
  active: true,
  createdAt: '2026-12-01T09:00:00.000Z',
  counts: { pending: 1, delivered: 12, failed: 2 },
};

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <WebhooksAdmin />
    </QueryClientProvider>,
  );
}

describe('/admin/webhooks (issue 33)', () => {
  it('lists each address with its events, its state and its delivery counts', async () => {
    routeFetch({ 'GET /api/admin/webhooks': [200, { endpoints: [endpoint] }] });
    renderPage();
    await screen.findByRole('heading', { name: endpoint.url });
    expect(screen.getByText('Notre CRM')).toBeTruthy();
    expect(screen.getByText(webhookMessages.active)).toBeTruthy();
    const events = screen.getByRole('list', { name: webhookMessages.events });
    expect(events.textContent).toContain('recommendation.created');
    expect(screen.getByText('12 livrées · 1 en attente · 2 abandonnées')).toBeTruthy();
    expect(screen.getByRole('button', { name: webhookMessages.pause })).toBeTruthy();
  });

  it('says so when there is none', async () => {
    routeFetch({ 'GET /api/admin/webhooks': [200, { endpoints: [] }] });
    renderPage();
    await screen.findByText(webhookMessages.noEndpoints);
  });

  it('refuses a form without a valid address or an event in French, then shows the secret once, focused', async () => {
    const calls = routeFetch({
      'GET /api/admin/webhooks': [200, { endpoints: [] }],
      'POST /api/admin/webhooks': (body) => [201, { ...endpoint, ...(body as object), secret: 'whsec_abc123' }],
    });
    renderPage();
    await screen.findByText(webhookMessages.noEndpoints);
    fireEvent.change(screen.getByLabelText(`${webhookMessages.url} *`), { target: { value: 'crm exemple' } });
    fireEvent.click(screen.getByRole('button', { name: webhookMessages.create }));
    // The field's own error, tied to it (getByText would compare its U+00A0 with a space).
    const url = screen.getByLabelText(`${webhookMessages.url} *`);
    await waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('true'));
    const described = url.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '';
    expect(document.getElementById(described)?.textContent).toBe(webhookMessages.urlInvalid);
    await screen.findByText(webhookMessages.eventsRequired);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText(`${webhookMessages.url} *`), {
      target: { value: 'https://crm.exemple.fr/webhooks/synergie' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /recommendation\.created/ }));
    fireEvent.click(screen.getByRole('button', { name: webhookMessages.create }));
    const secret = await screen.findByText('whsec_abc123');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      url: 'https://crm.exemple.fr/webhooks/synergie',
      events: ['recommendation.created'],
    });
    await waitFor(() => expect(secret.closest('[role="status"]')).toBe(document.activeElement));
  });
});
