import { renewalMessages } from '@synergie/shared/renewals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '~/lib/toast';
import { CommissionOptOutSetting } from './commission-opt-out';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function renderSetting() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CommissionOptOutSetting />
    </QueryClientProvider>,
  );
}

/** The API: GET answers `state`, PUT stores the body's choice. */
function stubApi(state: { regulated: boolean; optedOut: boolean }) {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') Object.assign(state, JSON.parse(String(init.body)));
    return new Response(JSON.stringify(state), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('CommissionOptOutSetting', () => {
  it('lets a regulated trade renounce commissions', async () => {
    const fetch = stubApi({ regulated: true, optedOut: false });
    renderSetting();
    const box = await screen.findByRole('checkbox', { name: renewalMessages.optOutLabel });
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(box);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(renewalMessages.optedOut));
    expect((box as HTMLInputElement).checked).toBe(true);
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(String(put?.[0])).toContain('/api/me/commission-opt-out');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ optedOut: true });
  });

  it('is not offered to other trades', async () => {
    const fetch = stubApi({ regulated: false, optedOut: false });
    const { container } = renderSetting();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.innerHTML).toBe('');
  });
});
