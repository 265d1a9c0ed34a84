import { describe, expect, it } from 'vitest';
import { facturXParts, facturXSchemaErrors, pdfText } from '../apps/server/test/helpers/pdf';
import { baseURL, expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { adminMember, type Member, signInPage, signUpMember, subscribe } from './helpers/member';
import { api } from './helpers/network';

/**
 * Network-core §10 (issue 19), walked in Chromium: a sponsor whose referral paid earns a payable
 * commission, accepts the self-billing mandate on /profile, an admin closes the month on
 * /admin/commissions (`Clôturer le mois`), the sponsor downloads the invoice as a PDF marked
 * `Autofacturation` and as Factur-X (factur-x.xml inside, valid against the EN 16931 XSD),
 * contests it, the admin answers with a credit note, and exports the year's DAS2; the sponsor
 * finally revokes the mandate. First, a sponsor without a mandate waits, and an earlier
 * statement's commission is invoiced by this month's closing once the mandate is accepted.
 * The server's side (numbering under concurrency, both databases, every bad input):
 * apps/server/test/self-billing.test.ts and commission-paperwork.test.ts.
 */
const { newPage } = useBrowser();

const FRANCHISE_MENTION = 'TVA non applicable, art. 293 B du CGI';
const LEGAL_NAME = 'Parrain Conseil e2e';
const SIRET = '73282932000074';

/** This month in Paris (the statement the commission lands in), and its year. */
const month = new Intl.DateTimeFormat('fr-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' })
  .format(new Date())
  .slice(0, 7);
const year = Number(month.slice(0, 4));

/** A member signed up after following the sponsor's referral link (/r/{code}), as a visitor would. */
async function signUpThroughLink(code: string, name: string): Promise<Member> {
  const visit = await fetch(`${baseURL()}/r/${code}`, { redirect: 'manual' });
  expect(visit.status).toBe(302);
  const referralCookie = visit.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('synergie_ref='));
  expect(referralCookie, 'the referral link sets its cookie').toBeTruthy();
  const member = {
    name,
    email: `romain.${Date.now()}.${Math.floor(Math.random() * 1e6)}@filleul.fr`,
    password: 'Synergie2025',
  };
  const res = await fetch(`${baseURL()}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL(), cookie: referralCookie as string },
    body: JSON.stringify(member),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  // A sign-up signs nobody in (issue 33): the new member signs in with the password.
  const signedIn = await fetch(`${baseURL()}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL() },
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.status} ${await signedIn.text()}`);
  const cookies = signedIn.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1) }))
    .filter((c) => c.name && c.value && c.name !== 'synergie_ref');
  return { ...member, cookies };
}

/** The bytes of the download a click on `link` starts, and the file's suggested name. */
async function download(page: Awaited<ReturnType<typeof newPage>>, name: string | RegExp) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { bytes: new Uint8Array(Buffer.concat(chunks)), filename: file.suggestedFilename() };
}

/** A subscribed sponsor and the member they referred, whose first payment was collected `daysAgo` days ago. */
async function sponsorWithCommission(admin: Member, name: string, daysAgo: number): Promise<Member> {
  const sponsor = await signUpMember({ name });
  await subscribe(sponsor);
  const { code } = await api<{ code: string }>(sponsor, 'GET', '/api/me/referral');
  const referred = await signUpThroughLink(code, 'Romain Filleul');
  await subscribe(referred);
  const { user } = await api<{ user: { id: string } }>(referred, 'GET', '/api/me');
  await api(admin, 'POST', `/api/admin/billing/demo/${user.id}/renew`, { collectedDaysAgo: daysAgo });
  return sponsor;
}

// Seven steps that each sign up members, draw PDFs and run axe: more time than the suite's 60 s on a busy machine.
describe('self-billing of a sponsor, from the mandate to the DAS2', { timeout: 120_000 }, () => {
  let sponsor: Member;
  let admin: Member;
  let invoiceNumber = '';

  it("commissions wait for the mandate, then an earlier month's are invoiced by this month's closing", async () => {
    admin = await adminMember();
    // Collected 50 days ago: payable 35 days ago, in an earlier month's statement.
    const late = await sponsorWithCommission(admin, 'Camille Attente', 50);
    const page = await newPage();
    await signInPage(page, admin);
    await page.goto('/admin/commissions');
    await waitForHydration(page);
    await page.getByText('Aucune commission pour ce mois.').waitFor();
    await page
      .getByTestId('earlier-payable')
      .getByText(/^Relevés précédents\u00a0: 8,25\u00a0€ payables, non encore facturés/)
      .waitFor();
    const close = page.getByRole('button', { name: 'Clôturer le mois' });
    expect(await close.isEnabled()).toBe(true);
    await close.click();
    const result = page.getByRole('status').filter({ hasText: `pour ${month}.` });
    await result.getByText(`Aucune facture émise pour ${month}.`).waitFor();
    await result
      .getByText('Camille Attente\u00a0: Aucun mandat d’autofacturation actif\u00a0: commissions en attente')
      .waitFor();
    await expectAccessible(page);

    await api(late, 'PUT', '/api/me/self-billing/mandate', {
      legalName: 'Camille Attente EI',
      siren: '732829320',
      addressLine: '3 rue Mercière',
      postcode: '69002',
      city: 'Lyon',
      vatStatus: 'franchise',
      accepted: true,
    });
    await page.reload();
    await waitForHydration(page);
    await page.getByTestId('earlier-payable').waitFor();
    await page.getByRole('button', { name: 'Clôturer le mois' }).click();
    await page.getByRole('status').getByText(`1 facture émise pour ${month}.`).waitFor();
    await page.getByRole('row').filter({ hasText: 'Camille Attente EI' }).waitFor();
    // The ledger is fetched again: nothing left from earlier statements.
    await expect.poll(() => page.getByTestId('earlier-payable').count()).toBe(0);
  });

  it('a sponsor with a payable commission accepts the self-billing mandate on /profile', async () => {
    // The referred member's first payment, collected 15 days ago on the demo's clock: the sponsor's
    // 10 % of 82,50 € HT is payable now, in this month's statement.
    sponsor = await sponsorWithCommission(admin, 'Sabine Parrain', 15);
    const referral = await api<{ totals: { payableCents: number } }>(sponsor, 'GET', '/api/me/referral');
    expect(referral.totals.payableCents).toBe(825);

    const page = await newPage();
    await signInPage(page, sponsor);
    await page.goto('/profile/parrainage');
    await waitForHydration(page);
    const card = page.getByRole('form', { name: 'Mandat d’autofacturation' });
    await card.waitFor();
    await page.getByText(/^Aucun mandat actif\u00a0: vos commissions restent en attente/).waitFor();

    await card.getByLabel('Dénomination (raison sociale)').fill(LEGAL_NAME);
    // A SIRET whose Luhn key is wrong is refused in French before anything is sent.
    await card.getByLabel('SIREN ou SIRET').fill('732 829 320 00075');
    await card.getByLabel('Adresse de l’entreprise').fill('8 place Bellecour');
    await card.getByLabel('Code postal de l’entreprise').fill('69002');
    await card.getByLabel('Ville de l’entreprise').fill('Lyon');
    await card.getByRole('radio', { name: /^Franchise en base de TVA/ }).check();
    await card.getByRole('button', { name: 'Accepter le mandat' }).click();
    await card.getByText(/^Ce SIRET n’est pas valide\u00a0: vérifiez les chiffres/).waitFor();
    await card.getByText('Cochez la case pour accepter le mandat d’autofacturation.').waitFor();
    await expectAccessible(page);

    await card.getByLabel('SIREN ou SIRET').fill('732 829 320 00074');
    await card.getByRole('checkbox', { name: /^J’accepte le mandat d’autofacturation/ }).check();
    await card.getByRole('button', { name: 'Accepter le mandat' }).click();
    await page.getByText('Mandat actif', { exact: true }).waitFor();
    await page.getByText(`${LEGAL_NAME} — SIRET\u00a0: ${SIRET}`).waitFor();
    await page.getByText('Franchise en base de TVA (art. 293 B du CGI)', { exact: true }).waitFor();
    await page.getByText('8 place Bellecour, 69002 Lyon').waitFor();
    await expectAccessible(page);

    const mine = await api<{ mandate: { siren: string; siret: string; vatStatus: string; version: string } }>(
      sponsor,
      'GET',
      '/api/me/self-billing',
    );
    expect(mine.mandate).toMatchObject({ siren: '732829320', siret: SIRET, vatStatus: 'franchise' });
  });

  it('an admin closes the month on /admin/commissions: the invoice is issued in the sponsor’s name', async () => {
    const page = await newPage();
    await signInPage(page, admin);
    await page.goto('/admin/commissions');
    await waitForHydration(page);
    const row = page.getByRole('row', { name: /Sabine Parrain/ });
    await row.waitFor();
    // Lignes, En attente, Payable: the commission is payable.
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('8,25\u00a0€');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Clôturer le mois' }).click();
    await page.getByRole('status').getByText(`1 facture émise pour ${month}.`).waitFor();
    const invoiceRow = page.getByRole('row').filter({ hasText: LEGAL_NAME });
    await invoiceRow.waitFor();
    expect(await invoiceRow.textContent()).toContain(LEGAL_NAME);
    invoiceNumber = ((await invoiceRow.getByRole('rowheader').textContent()) ?? '').replace(/^Facture /, '');
    expect(invoiceNumber).toMatch(new RegExp(`^AF-[A-Z0-9]+-${year}-0001$`));
    await expectAccessible(page);

    // Admins download it too.
    const pdf = await download(page, `${invoiceNumber} en PDF`);
    expect(Buffer.from(pdf.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(await pdfText(pdf.bytes)).toContain(invoiceNumber);
  });

  it('the sponsor downloads from /profile a PDF marked Autofacturation and its Factur-X', async () => {
    const page = await newPage();
    await signInPage(page, sponsor);
    await page.goto('/profile/parrainage');
    await waitForHydration(page);
    await page.getByText(`Facture ${invoiceNumber}`).waitFor();

    const pdf = await download(page, `Télécharger ${invoiceNumber} en PDF`);
    expect(pdf.filename).toMatch(/\.pdf$/);
    const text = await pdfText(pdf.bytes);
    expect(text).toContain('Autofacturation');
    expect(text).toContain(FRANCHISE_MENTION);
    expect(text).toContain(invoiceNumber);
    expect(text).toContain(LEGAL_NAME);
    expect(text).toContain('8,25 €');

    const facturX = await download(page, `Télécharger ${invoiceNumber} au format Factur-X`);
    const parts = await facturXParts(facturX.bytes);
    expect(parts.hasAttachment('factur-x.xml')).toBe(true);
    expect(parts.catalog).toContain('/AF');
    expect(parts.xmp).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(parts.xmp).toMatch(/ConformanceLevel>EN 16931</);
    const xml = parts.xml ?? '';
    expect(xml).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
    expect(xml).toContain(`<ram:ID>${invoiceNumber}</ram:ID>`);
    expect(xml).toMatch(/<ram:TypeCode>389<\/ram:TypeCode>/);
    expect(xml).toContain('<ram:Content>Autofacturation</ram:Content>');
    expect(xml).toContain(`<ram:Content>${FRANCHISE_MENTION}</ram:Content>`);
    expect(xml).toContain(`<ram:Name>${LEGAL_NAME}</ram:Name>`);
    expect(xml).toContain('<ram:ID schemeID="0002">732829320</ram:ID>');
    expect(await facturXSchemaErrors(xml)).toEqual([]);
  });

  it('the sponsor contests the invoice within 15 days; the admin answers with a credit note', async () => {
    const page = await newPage();
    await signInPage(page, sponsor);
    await page.goto('/profile/parrainage');
    await waitForHydration(page);
    const invoice = page.getByRole('listitem').filter({ hasText: `Facture ${invoiceNumber}` });
    await invoice.getByRole('button', { name: 'Contester' }).click();
    await page
      .getByLabel(`Motif de la contestation de la facture ${invoiceNumber}`)
      .fill('Le montant ne correspond pas à mon relevé.');
    await page.getByRole('button', { name: 'Envoyer la contestation' }).click();
    await invoice.getByText('Contestée', { exact: true }).waitFor();
    expect(await invoice.getByRole('button', { name: 'Contester' }).count()).toBe(0);

    const adminPage = await newPage();
    await signInPage(adminPage, admin);
    await adminPage.goto(`/admin/commissions?month=${month}`);
    await waitForHydration(adminPage);
    const contest = adminPage.getByRole('listitem').filter({ hasText: invoiceNumber });
    await contest.getByText('Le montant ne correspond pas à mon relevé.').waitFor();
    await expectAccessible(adminPage);
    await contest.getByRole('button', { name: 'Émettre un avoir' }).click();
    const creditNumber = invoiceNumber.replace(/0001$/, '0002');
    await adminPage.getByRole('row', { name: new RegExp(`Avoir ${creditNumber}`) }).waitFor();
    await adminPage.getByText(`Annulée (avoir ${creditNumber})`).waitFor();
    await adminPage.getByText('Aucune contestation en attente.').waitFor();
    // The credited lines are payable again (the ledger is fetched again, no reload): the next
    // closing will take them.
    const ledgerRow = adminPage.getByRole('row', { name: /Sabine Parrain/ });
    await expect.poll(() => ledgerRow.getByRole('cell').nth(2).textContent()).toBe('8,25\u00a0€');
    expect(await adminPage.getByRole('button', { name: 'Clôturer le mois' }).isEnabled()).toBe(true);

    // The invoice is never edited: the sponsor sees it cancelled by the credit note, both downloadable.
    await page.reload();
    await waitForHydration(page);
    await page.getByText(`Annulée par l’avoir ${creditNumber}`).waitFor();
    await page.getByText(`Annule la facture ${invoiceNumber}`).waitFor();
    const credit = await download(page, `Télécharger ${creditNumber} en PDF`);
    const creditText = await pdfText(credit.bytes);
    expect(creditText).toContain(creditNumber);
    expect(creditText).toContain(invoiceNumber);
    expect(creditText).toContain('Autofacturation');
  });

  it('the admin exports the DAS2 of the year as a CSV for French Excel', async () => {
    const page = await newPage();
    await signInPage(page, admin);
    await page.goto('/admin/commissions');
    await waitForHydration(page);
    // French typography in the page's own words (no-break spaces as written, not as Playwright's
    // text matching normalizes them).
    // The page's figures arrive after hydration ('Chargement…' until then).
    await expect
      .poll(async () => (await page.locator('main').textContent()) ?? '')
      .toContain('Relevés mensuels\u00a0: lignes en attente');
    const words = (await page.locator('main').textContent()) ?? '';
    expect(words).toContain('pour plus de 2\u202f400\u00a0€ TTC (CGI, art. 240)');
    await page.getByLabel('Année', { exact: true }).selectOption(String(year));
    const csv = await download(page, `Exporter la DAS2 ${year} (CSV)`);
    expect(csv.filename).toBe(`das2-${year}.csv`);
    const text = Buffer.from(csv.bytes).toString('utf8');
    expect(text.startsWith('\ufeff')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.slice(1, -2).split('\r\n');
    expect(lines[0]).toBe(
      'Année;Raison sociale ou nom;Nom du bénéficiaire;SIREN;SIRET;Adresse;Code postal;Ville;Profession;Email;Commissions HT (€);TVA (€);Total TTC (€)',
    );
    for (const line of lines.slice(1)) expect(line.split(';').length).toBe(13);
    // 8,25 € cancelled by its credit note: far below the 2 400 € TTC threshold.
    expect(text).not.toContain(LEGAL_NAME);
    // Issue 32: the file as filed, beside the CSV: 672-character records, CRLF, 010 … 310.
    const filed = await download(page, `Fichier DAS2 ${year} à déposer (DGFiP)`);
    expect(filed.filename).toBe(`das2-${year}.txt`);
    const records = Buffer.from(filed.bytes).toString('latin1').split('\r\n');
    expect(records.pop()).toBe('');
    for (const record of records) expect(record.length).toBe(672);
    expect(records[0]?.slice(21, 24)).toBe('010');
    expect(records.at(-1)?.slice(21, 24)).toBe('310');
  });

  it('the sponsor revokes the mandate from /profile, after confirming: the commissions wait again', async () => {
    const page = await newPage();
    await signInPage(page, sponsor);
    await page.goto('/profile/parrainage');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Révoquer le mandat' }).click();
    const confirm = page.getByRole('button', { name: 'Confirmer la révocation' });
    await confirm.waitFor();
    expect(await confirm.evaluate((button) => button === document.activeElement)).toBe(true);
    await expectAccessible(page);
    await page.keyboard.press('Enter');
    await page.getByText(/^Aucun mandat actif\u00a0: vos commissions restent en attente/).waitFor();
    await page.getByRole('form', { name: 'Mandat d’autofacturation' }).waitFor();
    const mine = await api<{ mandate: unknown; invoices: unknown[] }>(sponsor, 'GET', '/api/me/self-billing');
    expect(mine.mandate).toBeNull();
    // The documents already issued stay.
    expect(mine.invoices).toHaveLength(2);
  });
});
