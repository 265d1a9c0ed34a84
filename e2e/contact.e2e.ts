import { describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, useBrowser, waitForHydration } from './helpers/browser';

const { newPage } = useBrowser();

async function mailsTo(address: string) {
  const res = await fetch(`${baseURL()}/api/dev/mailbox?to=${encodeURIComponent(address)}`);
  return (await res.json()).mails as { subject: string; text: string; status: string }[];
}

describe('contact form', () => {
  it('shows each validation message of the shared schema', async () => {
    const page = await newPage();
    await page.goto('/contact');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    for (const message of [
      'Le nom doit contenir au moins 2 caractères',
      'Email invalide',
      'Le message doit contenir au moins 10 caractères',
    ]) {
      await expect.poll(() => page.getByText(message).count(), { message }).toBe(1);
    }
    expect(await page.getByLabel('Nom complet', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);

    await page.getByLabel('Nom complet', { exact: true }).fill('Jo');
    await page.getByLabel('Email', { exact: true }).fill('jo@exemple.fr');
    await page.getByLabel('Message', { exact: true }).fill('x'.repeat(1001));
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect.poll(() => page.getByText('Le message ne peut pas dépasser 1000 caractères').count()).toBe(1);
    expect(await page.getByText('Le nom doit contenir au moins 2 caractères').count()).toBe(0);
  });

  it('sends a message: "Envoi en cours…", success toast, reset, and a confirmation email', async () => {
    const page = await newPage();
    // Hold the request a moment so the submitting state can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/contact');
    await waitForHydration(page);
    const email = `marie.${Date.now()}@cabinet-dupuis.fr`;
    await page.getByLabel('Nom complet', { exact: true }).fill('Marie Dupuis');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page
      .getByLabel('Message', { exact: true })
      .fill('Bonjour, je souhaite rejoindre le réseau en tant que notaire.');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    const sending = page.getByRole('button', { name: 'Envoi en cours…' });
    await expect.poll(() => sending.isDisabled()).toBe(true);
    release();
    await expect
      .poll(() => page.getByText('Message envoyé avec succès\u202f! Vous recevrez une confirmation par email.').count())
      .toBe(1);
    expect(await page.getByLabel('Nom complet', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('');

    await expect.poll(async () => (await mailsTo(email)).map((m) => m.status)).toEqual(['kept']);
    const [confirmation] = await mailsTo(email);
    expect(confirmation?.subject).toContain('Nous avons bien reçu votre message');
    expect(confirmation?.text).toContain('Bonjour Marie Dupuis');
  });

  it('shows the failure toast and keeps what was typed when the server cannot be reached', async () => {
    const page = await newPage({ allowConsoleErrors: /Failed to load resource|ERR_FAILED/ });
    await page.route('**/api/contact', (route) => route.abort('failed'));
    await page.goto('/contact');
    await waitForHydration(page);
    await page.getByLabel('Nom complet', { exact: true }).fill('Paul Girard');
    await page.getByLabel('Email', { exact: true }).fill('paul@exemple.fr');
    await page.getByLabel('Message', { exact: true }).fill('Un message qui ne partira pas tout de suite.');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect.poll(() => page.getByText('Erreur lors de l’envoi du message. Veuillez réessayer.').count()).toBe(1);
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe(
      'Un message qui ne partira pas tout de suite.',
    );
  });
});
