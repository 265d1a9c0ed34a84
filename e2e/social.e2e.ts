import { describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { apiHeaders, type Member, signInPage, signUpMember, subscribe } from './helpers/member';

const { newPage } = useBrowser();

async function subscriber(name: string): Promise<Member & { id: string }> {
  const member = await signUpMember({ name });
  await subscribe(member);
  const res = await fetch(`${baseURL()}/api/me`, { headers: apiHeaders(member) });
  if (!res.ok) throw new Error(`GET /api/me: ${res.status}`);
  const { user } = (await res.json()) as { user: { id: string } };
  return { ...member, id: user.id };
}

/** expect.poll with 10 s instead of its 1 s (the visitor cache keeps the home page's data 2 s). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });

const TESTIMONIAL =
  'Bastien a refait toute notre installation électrique en une semaine. Travail soigné, délais tenus.';

describe('one-to-ones and testimonials', () => {
  it('A logs a one-to-one with B, B confirms; A writes a testimonial, B publishes it, it shows on B’s public page', async () => {
    const alice = await subscriber('Aline Rencontre');
    const bastien = await subscriber('Bastien Témoin');

    // A logs the meeting, picking B in the directory.
    const a = await newPage();
    await signInPage(a, alice);
    await a.goto('/tete-a-tete');
    await waitForHydration(a);
    await a.getByRole('heading', { name: 'Déclarer un tête-à-tête' }).waitFor();
    await a.getByRole('link', { name: 'Tête-à-tête' }).first().waitFor();
    await a.getByRole('searchbox', { name: 'Rechercher un membre par son nom' }).fill('Bastien Tém');
    await a.getByRole('button', { name: 'Choisir Bastien Témoin' }).click();
    await a.getByText('Membre choisi\u00a0: Bastien Témoin').waitFor();
    await a.getByLabel('Lieu (facultatif)').fill('Café du Commerce');
    await a.getByLabel('Mes notes (facultatif)').fill('Parler du chantier de la rue Victor Hugo.');
    await expectAccessible(a);
    await a.getByRole('button', { name: 'Enregistrer le tête-à-tête' }).click();
    const waiting = a.getByRole('region', { name: 'En attente de confirmation' });
    await waiting.getByText('Bastien Témoin', { exact: true }).waitFor();
    await waiting.getByText('Café du Commerce').waitFor();

    // B confirms it with their own notes.
    const b = await newPage();
    await signInPage(b, bastien);
    await b.goto('/tete-a-tete');
    await waitForHydration(b);
    const toConfirm = b.getByRole('region', { name: 'À confirmer (1)' });
    await toConfirm.getByText('Aline Rencontre', { exact: true }).waitFor();
    // A's notes are A's alone.
    expect(await b.getByText('Parler du chantier de la rue Victor Hugo.').count()).toBe(0);
    await toConfirm.getByLabel('Mes notes (facultatif)').fill('Aline cherche un électricien pour un client.');
    await expectAccessible(b);
    await toConfirm.getByRole('button', { name: 'Confirmer le tête-à-tête avec Aline Rencontre' }).click();
    const confirmed = b.getByRole('region', { name: 'Confirmés' });
    await confirmed.getByText('Aline cherche un électricien pour un client.').waitFor();
    await b.getByText(/1 tête-à-tête confirmé/).waitFor();

    // A writes a testimonial from B's page.
    await a.goto(`/membres/${bastien.id}`);
    await waitForHydration(a);
    await a.getByRole('heading', { name: 'Témoignages' }).waitFor();
    await a.getByText('Aucun témoignage publié pour le moment.').waitFor();
    await a.getByRole('button', { name: 'Écrire un témoignage' }).click();
    const dialog = a.getByRole('dialog');
    await dialog.getByLabel('Votre témoignage').fill(TESTIMONIAL);
    await expectAccessible(a);
    await dialog.getByRole('button', { name: 'Envoyer le témoignage' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // B publishes it.
    await b.goto('/temoignages');
    await waitForHydration(b);
    const pending = b.getByRole('region', { name: 'À publier (1)' });
    await pending.getByText(TESTIMONIAL).waitFor();
    await expectAccessible(b);
    await pending.getByRole('button', { name: 'Publier le témoignage de Aline Rencontre' }).click();
    await b.getByRole('region', { name: 'Publiés' }).getByText(TESTIMONIAL).waitFor();

    // Anyone reads it on B's public page; B cannot write one about themself.
    const visitor = await newPage();
    await visitor.goto(`/membres/${bastien.id}`);
    await waitForHydration(visitor);
    const section = visitor.getByRole('region', { name: 'Témoignages' });
    await section.getByText(TESTIMONIAL).waitFor();
    await section.getByText('Aline Rencontre', { exact: true }).waitFor();
    expect(await visitor.getByRole('button', { name: 'Écrire un témoignage' }).count()).toBe(0);
    await expectAccessible(visitor);

    // The home page shows it too (issue 31), written in by the server: read with scripts off.
    const noScripts = await newPage({ javaScriptEnabled: false });
    await poll(async () => {
      await noScripts.goto('/');
      return noScripts.getByRole('region', { name: 'Ce que disent les membres' }).getByText(TESTIMONIAL).count();
    }).toBe(1);
    const card = noScripts.getByRole('region', { name: 'Ce que disent les membres' }).getByRole('listitem').filter({
      hasText: TESTIMONIAL,
    });
    expect(await card.getByText('Aline Rencontre', { exact: true }).count()).toBe(1);
    expect(await card.getByRole('link', { name: 'Bastien Témoin' }).getAttribute('href')).toBe(
      `/membres/${bastien.id}`,
    );
    // With scripts, the page hydrates on the same markup: the quote stays, the link leads to B.
    await visitor.goto('/');
    await waitForHydration(visitor);
    const region = visitor.getByRole('region', { name: 'Ce que disent les membres' });
    await region.getByText(TESTIMONIAL).waitFor();
    await expectAccessible(visitor);
  });
});
