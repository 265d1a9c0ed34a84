import { DAS2_FIRST_YEAR, DAS2_THRESHOLD_CENTS } from '@synergie/shared';
import { EU_COUNTRIES, type EuCountry, isEuCountry } from '@synergie/shared/eu-vat';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { AppError } from '../lib/errors';
import { csvEuros, csvText } from './commissions';

/**
 * DAS2 (CGI art. 240, network-core §10): per calendar year (Europe/Paris), the beneficiaries of
 * commissions paid MORE than 2 400 € VAT included that year (the threshold for payments since
 * 2024: earlier years are refused), with the fields the declaration needs.
 *
 * What was paid is what was invoiced: a commission is paid when the month closing issues its
 * self-billed invoice (payment on receipt), so the year's amounts are the self-billing invoices
 * issued in it minus the credit notes issued in it (HT, TVA, TTC from their stored totals). The
 * identity, SIREN/SIRET and address come from the latest invoice's issuer snapshot (the mandate as
 * it was), else the member's latest mandate, else the profile. A beneficiary is their account, or,
 * once it is deleted, their invoices' series.
 *
 * Commission lines paid without any self-billing invoice (paid out before invoices existed, or
 * marked paid by hand) still count, as paid without VAT (TTC = HT): the older path, kept for them.
 */

export interface Das2Row {
  /** Null once the account is deleted (the invoices' series then identifies the beneficiary). */
  sponsorId: string | null;
  legalName: string;
  name: string;
  email: string | null;
  siren: string | null;
  siret: string | null;
  address: string | null;
  postcode: string | null;
  city: string | null;
  /** The member state of a beneficiary established outside France (reverse charge), else 'FR'. */
  country: string;
  profession: string | null;
  amountExclVatCents: number;
  vatCents: number;
  amountInclVatCents: number;
}

/** The year's beneficiaries above the threshold, by name; one query. 400 before 2024. */
export async function das2Rows(db: DbOrTx, year: number): Promise<Das2Row[]> {
  if (year < DAS2_FIRST_YEAR) throw new AppError('DAS2_YEAR_TOO_EARLY');
  const from = sql`(make_timestamp(${year}, 1, 1, 0, 0, 0) at time zone 'Europe/Paris')`;
  const to = sql`(make_timestamp(${year + 1}, 1, 1, 0, 0, 0) at time zone 'Europe/Paris')`;
  const { rows } = await db.execute<{
    sponsor_id: string | null;
    issuer_name: string | null;
    issuer_siren: string | null;
    issuer_siret: string | null;
    issuer_address: string | null;
    issuer_postcode: string | null;
    issuer_city: string | null;
    issuer_country: string | null;
    user_name: string | null;
    email: string | null;
    company_name: string | null;
    full_name: string | null;
    profile_city: string | null;
    profession: string | null;
    excl_cents: string | number;
    vat_cents: string | number;
    incl_cents: string | number;
  }>(sql`
    with invoiced as (
      select coalesce(i.user_id, '#' || i.series) as key,
             max(i.user_id) as user_id,
             sum(i.total_excl_vat_cents)::bigint as excl_cents,
             sum(i.vat_cents)::bigint as vat_cents,
             sum(i.total_incl_vat_cents)::bigint as incl_cents,
             (array_agg(i.issuer order by i.issued_at desc, i.number desc))[1] as issuer
        from self_billing_invoices i
       where i.issued_at >= ${from} and i.issued_at < ${to}
       group by 1
    ),
    unbilled as (
      select c.sponsor_id as key, sum(c.amount_cents)::bigint as cents
        from commissions c
       where c.status = 'paid' and c.sponsor_id is not null
         and c.paid_at >= ${from} and c.paid_at < ${to}
         and not exists (select 1 from self_billing_invoice_lines l where l.commission_id = c.id)
       group by c.sponsor_id
    ),
    totals as (
      select coalesce(iv.key, ub.key) as key,
             coalesce(iv.user_id, ub.key) as user_id,
             coalesce(iv.excl_cents, 0) + coalesce(ub.cents, 0) as excl_cents,
             coalesce(iv.vat_cents, 0) as vat_cents,
             coalesce(iv.incl_cents, 0) + coalesce(ub.cents, 0) as incl_cents,
             iv.issuer
        from invoiced iv full join unbilled ub on ub.key = iv.key
    ),
    declared as (
      select t.*,
             coalesce(t.issuer, (
               select jsonb_build_object('name', m.legal_name, 'siren', m.siren, 'siret', m.siret,
                        'addressLine', m.address_line, 'postcode', m.postcode, 'city', m.city,
                        'country', m.country)
                 from self_billing_mandates m where m.user_id = t.user_id
                order by m.accepted_at desc limit 1)) as party
        from totals t
       where t.incl_cents > ${DAS2_THRESHOLD_CENTS}
    )
    select d.user_id as sponsor_id,
           d.party->>'name' as issuer_name, d.party->>'siren' as issuer_siren, d.party->>'siret' as issuer_siret,
           d.party->>'addressLine' as issuer_address, d.party->>'postcode' as issuer_postcode,
           d.party->>'city' as issuer_city, d.party->>'country' as issuer_country,
           u.name as user_name, u.email, p.company_name, p.full_name, p.city as profile_city, p.profession,
           d.excl_cents, d.vat_cents, d.incl_cents
      from declared d
      left join "user" u on u.id = d.user_id
      left join profiles p on p.user_id = d.user_id
     order by coalesce(d.party->>'name', nullif(btrim(p.company_name), ''), nullif(btrim(p.full_name), ''), u.name),
              d.key`);
  return rows.map((r) => {
    const name = r.full_name?.trim() || r.user_name || r.issuer_name || '';
    return {
      sponsorId: r.sponsor_id,
      legalName: r.issuer_name || r.company_name?.trim() || name,
      name,
      email: r.email,
      siren: r.issuer_siren,
      siret: r.issuer_siret,
      address: r.issuer_address,
      postcode: r.issuer_postcode,
      city: r.issuer_city || r.profile_city?.trim() || null,
      country: r.issuer_country || 'FR',
      profession: r.profession?.trim() || null,
      amountExclVatCents: Number(r.excl_cents),
      vatCents: Number(r.vat_cents),
      amountInclVatCents: Number(r.incl_cents),
    };
  });
}

/** The DAS2 export for French Excel, like the monthly statement: UTF-8 with BOM, ';', CRLF. */
export async function das2Csv(db: DbOrTx, year: number): Promise<string> {
  const header = [
    'Année',
    'Raison sociale ou nom',
    'Nom du bénéficiaire',
    'SIREN',
    'SIRET',
    'Adresse',
    'Code postal',
    'Ville',
    'Profession',
    'Email',
    'Commissions HT (€)',
    'TVA (€)',
    'Total TTC (€)',
  ];
  const rows = [header.join(';')];
  for (const r of await das2Rows(db, year)) {
    rows.push(
      [
        String(year),
        csvText(r.legalName),
        csvText(r.name),
        csvText(r.siren),
        csvText(r.siret),
        csvText(r.address),
        csvText(r.postcode),
        csvText(r.city),
        csvText(r.profession),
        csvText(r.email),
        csvEuros(r.amountExclVatCents),
        csvEuros(r.vatCents),
        csvEuros(r.amountInclVatCents),
      ].join(';'),
    );
  }
  return `\ufeff${rows.join('\r\n')}\r\n`;
}

/**
 * The DAS2 file as filed (issue 32): fixed-width records of 672 characters, ISO-8859-1, CRLF after
 * each record, in the order 010 (the declarant company), 020 (its establishment), one 210 per
 * beneficiary, 300 (the establishment's totals and contact), 310 (the file's totals).
 *
 * Layout: DGFiP, « Cahier des charges TD/bilatéral — Salaires, honoraires et actionnariat
 * salarié » (DAS2 part), the 672-character record structure in force for the revenus 2023 and
 * later campaigns, positions as in the open-source OCA module `l10n_fr_das2` (Odoo 14.0), which
 * files it on teletd.impots.gouv.fr. The positions, zone by zone, are in docs/product/invoicing.md
 * ("DAS2"); assumptions stated there: the commissions zone only (TTC, whole euros rounded half
 * up), the address unstructured (line on 32 characters, no INSEE commune code, the city as
 * « bureau distributeur »), a beneficiary with a SIREN (a self-billing mandate) as a company
 * (raison sociale), without as a person (name in the surname zone), no SIRET left blank, text kept
 * in Latin-1 (accents kept, other characters without their accents or `?`).
 */
export const DAS2_RECORD_LENGTH = 672;

export interface Das2Declarant {
  siren: string;
  siret: string;
  ape: string;
  name: string;
  addressLine: string;
  postcode: string;
  city: string;
  /** DADS type of the file: 4 if the company pays salaries, 1 if not. */
  paysSalaries: boolean;
  contact: { name: string; email: string; phone: string };
}

/** The declarant from the settings (COMPANY_*), the contact being the admin who downloads. */
export function das2Declarant(
  env: {
    COMPANY_SIREN: string;
    COMPANY_SIRET: string;
    COMPANY_APE: string;
    COMPANY_LEGAL_NAME: string;
    COMPANY_ADDRESS_LINE: string;
    COMPANY_POSTCODE: string;
    COMPANY_CITY: string;
    COMPANY_PAYS_SALARIES: boolean;
    CONTACT_PHONE: string;
  },
  contact: { name: string; email: string },
): Das2Declarant {
  return {
    siren: env.COMPANY_SIREN,
    siret: env.COMPANY_SIRET,
    ape: env.COMPANY_APE,
    name: env.COMPANY_LEGAL_NAME,
    addressLine: env.COMPANY_ADDRESS_LINE,
    postcode: env.COMPANY_POSTCODE,
    city: env.COMPANY_CITY,
    paysSalaries: env.COMPANY_PAYS_SALARIES,
    contact: { ...contact, phone: env.CONTACT_PHONE },
  };
}

/** An alphanumeric zone: Latin-1 text, left-aligned, cut or padded with spaces to `size`. */
export function das2Text(value: string | null | undefined, size: number): string {
  let out = '';
  for (const ch of (value ?? '').replace(/[\s\u00a0\u202f\u2009\u2007]+/gu, ' ').trim()) {
    if ((ch.codePointAt(0) as number) <= 0xff) out += ch;
    else {
      const bare = ch.normalize('NFD').replace(/\p{M}/gu, '');
      out += bare && [...bare].every((c) => (c.codePointAt(0) as number) <= 0xff) ? bare : '?';
    }
  }
  return [...out].slice(0, size).join('').padEnd(size, ' ');
}

/** A numeric zone: a whole non-negative number, right-aligned, zero-padded to `size`. */
export function das2Number(value: number, size: number): string {
  if (!Number.isInteger(value) || value < 0) throw new Error(`DAS2: ${value} is not a whole non-negative number`);
  const digits = String(value);
  if (digits.length > size) throw new Error(`DAS2: ${value} does not fit ${size} digits`);
  return digits.padStart(size, '0');
}

/** Whole euros, rounded half up, from cents. */
export const das2Euros = (cents: number) => Math.floor((Math.max(0, cents) + 50) / 100);

/**
 * The INSEE code (Code officiel géographique, 99xxx) of each other member state: what the DAS2
 * writes for an address abroad in place of the commune's code and the postcode.
 */
export const DAS2_COUNTRY_CODES: Readonly<Record<Exclude<EuCountry, 'FR'>, string>> = {
  DE: '99109',
  AT: '99110',
  BE: '99131',
  BG: '99111',
  CY: '99254',
  HR: '99119',
  DK: '99101',
  ES: '99134',
  EE: '99106',
  FI: '99105',
  GR: '99126',
  HU: '99112',
  IE: '99136',
  IT: '99127',
  LV: '99107',
  LT: '99108',
  LU: '99137',
  MT: '99144',
  NL: '99135',
  PL: '99122',
  PT: '99139',
  CZ: '99116',
  RO: '99114',
  SK: '99117',
  SI: '99145',
  SE: '99104',
};

/**
 * The address block (129 characters), unstructured as the specification tolerates. Abroad (a
 * company of another member state, reverse charge): the country's INSEE code where the
 * commune's code and the postcode go, « postcode city » as the commune, the country's French name
 * as the « bureau distributeur » (as `l10n_fr_das2` writes it).
 */
function das2Address(line: string | null, postcode: string | null, city: string | null, country = 'FR'): string {
  if (country !== 'FR' && isEuCountry(country)) {
    const code = DAS2_COUNTRY_CODES[country as Exclude<EuCountry, 'FR'>];
    return (
      das2Text('', 32) +
      ' ' +
      das2Text(line, 32) +
      code +
      ' ' +
      das2Text([postcode, city].filter(Boolean).join(' '), 26) +
      code +
      ' ' +
      das2Text(EU_COUNTRIES[country].name, 26)
    );
  }
  return (
    das2Text('', 32) + // complément d'adresse
    ' ' +
    das2Text(line, 32) + // adresse voie, not structured
    '0'.repeat(5) + // code INSEE de la commune: not known
    ' ' +
    das2Text('', 26) + // libellé de la commune: the city goes in « bureau distributeur »
    das2Text((postcode ?? '').replace(/\D/g, ''), 5) +
    ' ' +
    das2Text(city, 26)
  );
}

const digitsOnly = (value: string | null) => (value ?? '').replace(/\D/g, '');
/** A French phone number on 10 digits (+33 → 0). */
const das2Phone = (phone: string) => {
  const digits = phone.replace(/[^\d+]/g, '');
  return digits.startsWith('+33') ? `0${digits.slice(3)}` : digits.replace(/\D/g, '');
};

/** The eleven amount zones of a 210 record (honoraires, commissions, courtages, ...). */
const AMOUNT_ZONES = 11;
const COMMISSIONS_ZONE = 1;

/** The file's records (without separators), from the year's rows; each 672 characters. */
export function das2Records(year: number, declarant: Das2Declarant, rows: Das2Row[]): string[] {
  const d = declarant;
  const siren = das2Number(Number(digitsOnly(d.siren)), 9);
  const siret = das2Text(digitsOnly(d.siret), 14);
  const address = das2Address(d.addressLine, d.postcode, d.city);
  const prefix = `${siret}01${das2Number(year, 4)}${d.paysSalaries ? '4' : '1'}`;
  const records: string[] = [];
  // 010: the declarant company; file type X (fees only).
  records.push(
    `${siren}${'0'.repeat(12)}010${' '.repeat(14)}${das2Text(d.ape, 5)}${' '.repeat(4)}${das2Text(d.name, 50)}` +
      `${address}${' '.repeat(8)}X${siret}${' '.repeat(5)}${address} ${' '.repeat(288)}`,
  );
  // 020: the establishment; the six N are the « no » answers of the form's boxes.
  records.push(
    `${prefix}020${' '.repeat(14)}${das2Text(d.ape, 5)}${'0'.repeat(14)}${' '.repeat(41)}${das2Text(d.name, 50)}` +
      `${address}${' '.repeat(93)}${'N'.repeat(6)}${' '.repeat(296)}`,
  );
  const totals = new Array<number>(AMOUNT_ZONES).fill(0);
  for (const r of rows) {
    const amounts = new Array<number>(AMOUNT_ZONES).fill(0);
    amounts[COMMISSIONS_ZONE] = das2Euros(r.amountInclVatCents);
    amounts.forEach((a, i) => {
      totals[i] = (totals[i] as number) + a;
    });
    // A company of another member state (reverse charge) has no SIREN but is a company all the same.
    const company = Boolean(r.siren) || r.country !== 'FR';
    // 210: one beneficiary.
    records.push(
      `${prefix}210${das2Text(digitsOnly(r.siret), 14)}` +
        `${das2Text(company ? '' : r.name || r.legalName, 30)}${das2Text('', 20)}${das2Text(company ? r.legalName : '', 50)}` +
        `${das2Text(r.profession, 30)}${das2Address(r.address, r.postcode, r.city, r.country)}` +
        `${amounts.map((a) => das2Number(a, 10)).join('')}${' '.repeat(5)}${' '.repeat(3)}  ${'0'.repeat(10)}${' '.repeat(245)}`,
    );
  }
  const totalZones = totals.map((a) => das2Number(a, 12)).join('');
  const zeroTail = `${' '.repeat(12)}${'0'.repeat(24)}${'0'.repeat(6)}${'0'.repeat(60)}`;
  // 300: the establishment's totals and the person to contact.
  records.push(
    `${prefix}300${' '.repeat(36)}${'0'.repeat(108)}${totalZones}${zeroTail}${' '.repeat(74)}` +
      `${das2Text(d.contact.name, 50)}${das2Text(das2Phone(d.contact.phone), 10)}${das2Text(d.contact.email, 60)}${' '.repeat(76)}`,
  );
  // 310: the file's totals (one establishment, the number of 210 records).
  records.push(
    `${siren}${'9'.repeat(12)}31000001${'0'.repeat(6)}${das2Number(rows.length, 6)}${'0'.repeat(18)}${' '.repeat(18)}` +
      `${'0'.repeat(108)}${totalZones}${zeroTail}${' '.repeat(253)}`,
  );
  for (const record of records) {
    if (record.length !== DAS2_RECORD_LENGTH) {
      throw new Error(`DAS2 record ${record.slice(21, 24)} is ${record.length} characters, not ${DAS2_RECORD_LENGTH}`);
    }
  }
  return records;
}

/** The DAS2 file of the year, ISO-8859-1 bytes. */
export async function das2File(db: DbOrTx, year: number, declarant: Das2Declarant): Promise<Buffer> {
  const records = das2Records(year, declarant, await das2Rows(db, year));
  return Buffer.from(records.map((r) => `${r}\r\n`).join(''), 'latin1');
}
