import type { MeetingMinutes } from '@synergie/shared';
import { dateTimeProblems, typographyProblems } from '@synergie/shared/typography';
import { describe, expect, it } from 'vitest';
import { pdfTextRuns } from '../../test/helpers/pdf';
import { minutesPdf } from './meeting-minutes-pdf';
import { KIND_LABELS, type LoadedInvoice } from './self-billing';
import { facturXPdf, invoicePdf } from './self-billing-documents';

// French typography in every PDF the product generates (issue 31, docs/product/decisions.md
// "Typographie"): the self-billed invoice and credit note (franchise and VAT), their Factur-X
// version, and the meeting minutes, drawn from fixtures; their text read back from the PDF bytes
// (test/helpers/pdf.ts) run by run, as a reader sees it.

const issuer = {
  name: 'Marc Petit Plomberie',
  siren: '732829320',
  siret: '73282932000074',
  addressLine: '12 rue de la République',
  postcode: '69002',
  city: 'Lyon',
  country: 'FR',
  vatNumber: null,
};
const client = {
  name: 'Synergie Pro SAS',
  siren: '552100554',
  siret: null,
  addressLine: '1 place Bellecour',
  postcode: '69002',
  city: 'Lyon',
  country: 'FR',
  vatNumber: 'FR40552100554',
};

function invoice(over: { vat?: boolean; credit?: boolean } = {}): LoadedInvoice {
  const sign = over.credit ? -1 : 1;
  const lines = Object.entries(KIND_LABELS).map(([kind, label], i) => ({
    commissionId: `c-${kind}`,
    label: `${label} — Jeanne Martin`,
    month: i === 0 ? '2026-11' : '2026-10',
    amountCents: sign * (kind === 'reversal' ? -1_500 : 12_345),
  }));
  const total = lines.reduce((sum, l) => sum + l.amountCents, 0);
  const vat = over.vat ? Math.round(total / 5) : 0;
  const row = {
    id: '00000000-0000-4000-8000-000000000001',
    number: over.credit ? 'AF-MP01-2026-0002' : 'AF-MP01-2026-0001',
    series: 'MP01',
    kind: over.credit ? 'credit_note' : 'invoice',
    userId: 'u1',
    mandateId: null,
    creditsInvoiceId: over.credit ? '00000000-0000-4000-8000-000000000002' : null,
    month: '2026-11',
    issuedAt: new Date('2026-12-01T06:00:00Z'),
    issuer: over.vat ? { ...issuer, vatNumber: 'FR27732829320' } : issuer,
    client,
    vatStatus: over.vat ? 'vat' : 'franchise',
    vatRateBps: over.vat ? 2000 : 0,
    totalExclVatCents: total,
    vatCents: vat,
    totalInclVatCents: total + vat,
    lines,
    contestedAt: null,
    contestReason: null,
    createdAt: new Date('2026-12-01T06:00:00Z'),
  };
  return {
    row,
    issuer: row.issuer,
    client,
    lines,
    credits: over.credit ? { number: 'AF-MP01-2026-0001', issuedAt: new Date('2026-11-01T06:00:00Z') } : null,
  };
}

const person = (name: string) => ({ id: null, name });
const minutes: MeetingMinutes = {
  meetingId: '00000000-0000-4000-8000-000000000010',
  content: {
    meeting: {
      id: '00000000-0000-4000-8000-000000000010',
      groupId: '00000000-0000-4000-8000-000000000011',
      groupName: 'Synergie Pro Lyon Confluence',
      startsAt: '2026-12-01T06:00:00.000Z',
      endsAt: '2026-12-01T07:30:00.000Z',
      place: 'Brasserie du Parc, Lyon',
      dateInWords: 'mardi 1er décembre 2026',
    },
    attendance: {
      remoteCountsAsPresent: true,
      present: [person('Jeanne Martin'), person('Paul Durand')],
      remote: [person('Lucie Bernard')],
      late: [person('Hugo Lefèvre')],
      absent: [person('Karim Benali')],
      excused: [],
      substituted: [
        { id: null, name: 'Sophie Laurent', substituteName: 'Éric Laurent' },
        { id: null, name: 'Noé Garnier', substituteName: null },
      ],
    },
    recommendations: [{ id: '00000000-0000-4000-8000-000000000012', giverName: 'Jeanne Martin', receiverName: null }],
    visitors: [
      { name: 'Claire Moreau', company: 'Moreau Conseil' },
      { name: null, company: null },
    ],
    businessThanked: [
      {
        id: '00000000-0000-4000-8000-000000000013',
        giverName: 'Paul Durand',
        receiverName: 'Jeanne Martin',
        amountCents: 250_000,
      },
      { id: '00000000-0000-4000-8000-000000000014', giverName: null, receiverName: 'Paul Durand', amountCents: null },
    ],
    nextPresenter: { name: 'Lucie Bernard', meetingStartsAt: '2026-12-08T06:00:00.000Z' },
    notes: 'Prochaine soirée le 10 décembre.',
  },
  version: 2,
  generatedAt: '2026-12-01T08:00:00.000Z',
  lockedAt: '2026-12-03T08:00:00.000Z',
  correctedAt: '2026-12-01T09:05:00.000Z',
  correctedBy: 'Jeanne Martin',
  canCorrect: false,
  pdfUrl: '/api/meetings/00000000-0000-4000-8000-000000000010/minutes.pdf',
};

/**
 * The labels factur-x-kit's own French template draws in the Factur-X PDF (decision 0008), `:`
 * without its no-break space: frozen inside the library, ours to change only by drawing a PDF/A-3
 * template of our own with embedded fonts (docs/product/decisions.md "Typographie"). What follows
 * a label on its line, and every other line, is checked.
 */
const FACTUR_X_KIT_LABELS = [
  'Numéro de facture:',
  'Date de la facture:',
  'Période de facturation:',
  'Date d’échéance:',
  'Numéro TVA du client:',
  'Détails du paiement/informations de virement:',
  'Informations de paiement:',
  'Numéro fiscal:',
  'Numéro de TVA:',
  'Date de livraison:',
  'Condition de paiement:',
];

/** Every problem of a PDF's text, one line each, run by run. */
async function pdfProblems(name: string, bytes: Uint8Array, labels: string[] = []): Promise<string[]> {
  const runs = await pdfTextRuns(bytes);
  expect(runs.join(' ').length, name).toBeGreaterThan(200);
  return runs.flatMap((run) => {
    const label = labels.find((l) => run.startsWith(l));
    const ours = label ? run.slice(label.length) : run;
    return [...typographyProblems(ours), ...dateTimeProblems(ours)].map((p) => `${name}: ${p}`);
  });
}

describe('French typography in the PDFs (issue 31)', () => {
  it('reads the exact characters drawn: no-break spaces, ’ and € as written', async () => {
    const runs = await pdfTextRuns(await invoicePdf(invoice()));
    expect(runs).toContain('Période\u00a0: relevé de novembre 2026 (du 1er novembre 2026 au 30 novembre 2026)');
    expect(runs).toContain('Paiement par virement à réception. Pas d’escompte pour paiement anticipé.');
    expect(runs).toContain(
      'Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement\u00a0: 40\u00a0€.',
    );
    expect(runs).toContain('octobre 2026');
  });

  it('finds nothing to correct in the invoice, the credit note and the minutes', async () => {
    const problems = [
      ...(await pdfProblems('facture (franchise)', await invoicePdf(invoice()))),
      ...(await pdfProblems('facture (TVA)', await invoicePdf(invoice({ vat: true })))),
      ...(await pdfProblems('avoir', await invoicePdf(invoice({ credit: true })))),
      ...(await pdfProblems('compte rendu', await minutesPdf(minutes))),
    ];
    expect(problems).toEqual([]);
  });

  it('finds nothing to correct in what we write into the Factur-X PDF (its template’s labels aside)', async () => {
    const franchise = await facturXPdf(invoice());
    const runs = await pdfTextRuns(franchise);
    // The statement month of each line, in words and elided (`relevé d’octobre 2026`), reaches it.
    expect(runs.join(' ')).toContain('relevé d’octobre 2026');
    expect(FACTUR_X_KIT_LABELS.filter((label) => runs.some((run) => run.startsWith(label))).length).toBeGreaterThan(5);
    const problems = [
      ...(await pdfProblems('Factur-X (franchise)', franchise, FACTUR_X_KIT_LABELS)),
      ...(await pdfProblems('Factur-X (TVA)', await facturXPdf(invoice({ vat: true })), FACTUR_X_KIT_LABELS)),
    ];
    expect(problems).toEqual([]);
    // factur-x-kit loads and embeds its fonts: seconds on a loaded machine.
  }, 60_000);
});
