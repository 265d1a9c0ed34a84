import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../../../test/answer-fetch';
import { partnerFixture } from '../../../../test/fixtures';
import PartnersDeleteDialog from './partners-delete-dialog';

const partner = partnerFixture();

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Toaster />
      <PartnersDeleteDialog partner={partner} onClose={() => {}} />
    </QueryClientProvider>,
  );
  fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
}

afterEach(() => vi.unstubAllGlobals());

/** The toast showing a message, and its title. */
async function toastTitle(message: string) {
  const toast = (await screen.findByText(message)).closest('[data-sonner-toast]');
  return toast?.querySelector('[data-title]')?.textContent;
}

describe('errors on the partner pages', () => {
  it("titles a refusal of the server 'Accès refusé', with the server’s message", async () => {
    answerFetch(403, { error: { code: 'FORBIDDEN', message: 'Accès non autorisé' } });
    renderDialog();
    expect(await toastTitle('Accès non autorisé')).toBe('Accès refusé');
  });

  it("titles any other failure 'Erreur'", async () => {
    answerFetch(500, {});
    renderDialog();
    expect(await toastTitle('Erreur lors de la suppression du partenaire')).toBe('Erreur');
  });
});
