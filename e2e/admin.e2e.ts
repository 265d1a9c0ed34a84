import { describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { cookieHeader, signInPage, signUpMember } from './helpers/member';

const { newPage } = useBrowser();

describe('admin pages', () => {
  it("sends a member who is not admin back to / with 'Accès non autorisé'", async () => {
    const member = await signUpMember();
    const page = await newPage();
    await signInPage(page, member);
    await page.goto('/admin/commissions');
    await waitForHydration(page);
    await expect.poll(() => page.getByText('Accès non autorisé').count()).toBeGreaterThan(0);
    await page.waitForURL(`${baseURL()}/`);
    // The API refuses too: the page only hides.
    const api = await fetch(`${baseURL()}/api/admin/commissions?month=2026-11`, {
      headers: { cookie: cookieHeader(member) },
    });
    expect(api.status).toBe(403);
  });

  it('shows the commission statements to an admin, with the CSV download', async () => {
    const admin = await signUpMember({ name: 'Alice Admin', email: 'admin.e2e@synergie-pro.test' });
    const page = await newPage();
    await signInPage(page, admin);
    await page.goto('/admin/commissions');
    await waitForHydration(page);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Commissions de parrainage');
    await expect.poll(() => page.getByText('Aucune commission pour ce mois.').count()).toBe(1);
    await expectAccessible(page);
    const href = await page.getByRole('link', { name: 'Télécharger le relevé (CSV)' }).getAttribute('href');
    const csv = await fetch(`${baseURL()}${href}`, { headers: { cookie: cookieHeader(admin) } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
  });
});
