import type { RosterReview, RosterTable } from '@synergie/shared/roster-import';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../../test/group-fixtures';
import { RosterImport } from './roster-import-view';

const table: RosterTable = {
  format: 'csv',
  encoding: 'windows-1252',
  separator: ';',
  headers: ['Prénom', 'Nom', 'Courriel', 'Métier'],
  rows: [
    { line: 2, cells: ['Amélie', 'Bérard', 'amelie@roster.example', 'Courtier'] },
    { line: 3, cells: ['Jérôme', 'Dufrêne', 'pas-un-email', 'Maçon'] },
  ],
  mapping: { name: [0, 1], email: 2, phone: null, company: null, trade: 3, role: null, form: null },
};

const review = (ready: boolean, chosen = false): RosterReview => ({
  lines: [
    {
      line: 2,
      name: 'Amélie Bérard',
      email: 'amelie@roster.example',
      phone: '',
      company: '',
      tradeText: 'Courtier',
      trade: chosen ? { id: 't-assur', label: 'Courtier en assurances' } : null,
      role: null,
      titleForm: 'feminine',
      tradeLabel: chosen ? 'Courtière en assurances' : null,
      action: chosen ? 'create' : 'refused',
      problems: chosen ? [] : ['Métier ambigu\u00a0: «\u00a0Courtier\u00a0» (choisissez parmi les métiers proposés)'],
      notes: [],
    },
    {
      line: 3,
      name: 'Jérôme Dufrêne',
      email: 'pas-un-email',
      phone: '',
      company: '',
      tradeText: 'Maçon',
      trade: { id: 't-macon', label: 'Maçon' },
      role: null,
      titleForm: 'masculine',
      tradeLabel: 'Maçon',
      action: ready ? 'create' : 'refused',
      problems: ready ? [] : ['Email invalide\u00a0: «\u00a0pas-un-email\u00a0»'],
      notes: [],
    },
  ],
  trades: [
    {
      key: 'courtier',
      text: 'Courtier',
      match: chosen ? 'chosen' : 'ambiguous',
      trade: chosen ? { id: 't-assur', label: 'Courtier en assurances' } : null,
      candidates: chosen
        ? []
        : [
            { id: 't-assur', label: 'Courtier en assurances' },
            { id: 't-credit', label: 'Courtier en crédit immobilier' },
          ],
    },
  ],
  problems: [],
  counts: { create: ready ? 2 : chosen ? 1 : 0, attach: 0, unchanged: 0, refused: ready ? 0 : chosen ? 1 : 2 },
  ready,
});

function renderImport() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RosterImport groupId="g1" slug="lyon" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('RosterImport', () => {
  it('reads the file, shows the guessed columns, lists each line’s problem and offers the ambiguous trade’s choices', async () => {
    const calls = routeFetch({
      'POST /api/groups/g1/roster/file': [200, table],
      'POST /api/groups/g1/roster/dry-run': (body) =>
        (body as { tradeChoices: Record<string, string> }).tradeChoices.courtier
          ? [200, review(false, true)]
          : [200, review(false)],
      'GET /api/trades': [200, { trades: [] }],
    });
    renderImport();
    const file = new File(['x'], 'liste.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('Liste des membres (CSV ou XLSX, 500 lignes au plus)'), {
      target: { files: [file] },
    });
    fireEvent.submit(screen.getByRole('button', { name: 'Lire le fichier' }).closest('form') as HTMLFormElement);
    await screen.findByRole('heading', { name: '2. Les colonnes' });
    expect(screen.getByText(/2 lignes lues \(Windows-1252\)/)).toBeTruthy();
    expect((screen.getByLabelText('Civilité') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Nom (ou prénom)') as HTMLSelectElement).value).toBe('0');
    expect((screen.getByLabelText('Nom, suite (facultatif)') as HTMLSelectElement).value).toBe('1');
    expect((screen.getByLabelText('Email') as HTMLSelectElement).value).toBe('2');
    expect((screen.getByLabelText('Téléphone') as HTMLSelectElement).value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Vérifier l’import' }));
    await screen.findByRole('heading', { name: '3. La vérification' });
    expect(screen.getByText(/Métier ambigu/)).toBeTruthy();
    expect(screen.getByText(/Email invalide/)).toBeTruthy();
    expect((screen.getByRole('button', { name: /Importer/ }) as HTMLButtonElement).disabled).toBe(true);

    const choice = screen.getByLabelText(/Métier du catalogue pour/);
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choisir un métier', 'Courtier en assurances', 'Courtier en crédit immobilier']);
    fireEvent.change(choice, { target: { value: 't-assur' } });
    // The label as she will read it: the line's titles are in the feminine.
    await screen.findByText('Courtière en assurances', { selector: 'td' });
    const dryRuns = calls.filter((c) => c.path === '/api/groups/g1/roster/dry-run');
    expect(dryRuns.at(-1)?.body).toMatchObject({ tradeChoices: { courtier: 't-assur' }, mapping: table.mapping });
  });

  it('imports when every line passes and says what was done', async () => {
    const calls = routeFetch({
      'POST /api/groups/g1/roster/file': [200, table],
      'POST /api/groups/g1/roster/dry-run': [200, review(true, true)],
      'POST /api/groups/g1/roster/import': [200, { created: 2, attached: 0, unchanged: 0, invited: 2 }],
      'GET /api/trades': [200, { trades: [] }],
    });
    renderImport();
    fireEvent.change(screen.getByLabelText('Liste des membres (CSV ou XLSX, 500 lignes au plus)'), {
      target: { files: [new File(['x'], 'liste.csv')] },
    });
    fireEvent.submit(screen.getByRole('button', { name: 'Lire le fichier' }).closest('form') as HTMLFormElement);
    fireEvent.click(await screen.findByRole('button', { name: 'Vérifier l’import' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Importer 2 membres' }));
    await screen.findByRole('heading', { name: 'Import terminé' });
    expect(
      screen.getByText(/2 comptes créés et invités par email, 0 compte existant rattaché, 0 déjà membre/),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/groups/g1/roster/import')).toBe(true);
  });
});
