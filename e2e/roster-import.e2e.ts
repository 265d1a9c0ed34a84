import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { adminMember, signInPage } from './helpers/member';
import { api, seatWithPresident, tradeSubscriber } from './helpers/network';

const { newPage } = useBrowser();

const ROSTER = fileURLToPath(new URL('../apps/server/test/fixtures/roster-bni.xlsx', import.meta.url));

describe('a roster imported by a group’s leader (issue 33)', () => {
  it('the président imports the demo BNI roster at 1366×900 and sees the members seated', async () => {
    const admin = await adminMember();
    const slug = `import-${randomBytes(3).toString('hex')}`;
    const group = await api<{ id: string }>(admin, 'POST', '/api/admin/groups', {
      name: `Synergie Pro Annecy ${randomBytes(2).toString('hex')}`,
      slug,
      city: 'Annecy',
      departmentCode: '74',
      region: 'Auvergne-Rhône-Alpes',
      description: 'Un groupe qui arrive avec sa liste.',
      meetingPlace: 'Salle du lac, 1 quai Napoléon III, 74000 Annecy',
      meetingRhythm: 'weekly',
      meetingWeekday: 2,
      meetingTime: '07:00',
    });
    const president = await tradeSubscriber('Annecy Président', 'Notaire', 'Annecy');
    await seatWithPresident(admin, group.id, [president]);

    const page = await newPage({ viewport: { width: 1366, height: 900 } });
    await signInPage(page, president);
    await page.goto(`/groupes/${slug}/gestion?onglet=membres`);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Importer une liste de membres' }).click();
    await page.getByRole('heading', { name: 'Importer la liste des membres' }).waitFor();
    await expectAccessible(page);

    await page.getByLabel('Liste des membres (CSV ou XLSX, 500 lignes au plus)').setInputFiles(ROSTER);
    await page.getByRole('button', { name: 'Lire le fichier' }).click();
    await page.getByRole('heading', { name: '2. Les colonnes' }).waitFor();
    // The BNI Connect columns are guessed.
    expect(await page.getByLabel('Nom (ou prénom)').inputValue()).toBe('0');
    expect(await page.getByLabel('Nom, suite (facultatif)').inputValue()).toBe('1');
    expect(await page.getByLabel('Métier', { exact: true }).inputValue()).toBe('5');
    await page.getByRole('cell', { name: 'sophie.lambert@roster.example' }).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Vérifier l’import' }).click();
    await page.getByRole('heading', { name: '3. La vérification' }).waitFor();
    await page.getByText(/Tout est prêt/).waitFor();
    await page.getByText('8 à créer et inviter').waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Importer 8 membres' }).click();
    await page.getByRole('heading', { name: 'Import terminé' }).waitFor();
    await page.getByText(/8 comptes créés et invités par email/).waitFor();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Voir les membres du groupe' }).click();
    await page.getByRole('heading', { name: /Membres \(9\)/ }).waitFor();
    await page.getByText('Sophie Lambert').first().waitFor();
    await page.getByText('Karim Benali').first().waitFor();
    await expectAccessible(page);
  });
});
