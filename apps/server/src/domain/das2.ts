import { DAS2_THRESHOLD_CENTS } from '@synergie/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { csvEuros, csvText } from './commissions';

/**
 * DAS2 (CGI art. 240, network-core §10): per calendar year, the beneficiaries (referral sponsors)
 * paid MORE than 2 400 € VAT included that year (the threshold for payments since 2024), with the
 * fields the declaration needs. "Paid in the year" = commission lines marked paid (paid_at) in that
 * Paris calendar year, reversals paid in it included (net amount).
 *
 * Until the self-billing invoices exist (mandate with legal name, SIRET, address and VAT status),
 * commissions are taken as paid without VAT: TTC = HT and VAT = 0, which is right for a
 * beneficiary in franchise en base (art. 293 B) and the only figure we know for one without mandate
 * information. The identity comes from the profile (company name, else the member's name; city;
 * trade); SIRET and street address are left empty for the accountant to complete.
 */

export interface Das2Row {
  sponsorId: string;
  legalName: string;
  name: string;
  email: string;
  siret: string | null;
  address: string | null;
  city: string | null;
  profession: string | null;
  amountExclVatCents: number;
  vatCents: number;
  amountInclVatCents: number;
}

/** The year's beneficiaries above the threshold, by name; one query. */
export async function das2Rows(db: DbOrTx, year: number): Promise<Das2Row[]> {
  const { rows } = await db.execute<{
    sponsor_id: string;
    name: string;
    email: string;
    company_name: string | null;
    full_name: string | null;
    city: string | null;
    profession: string | null;
    paid_cents: string | number;
  }>(sql`
    with paid as (
      select c.sponsor_id, sum(c.amount_cents)::bigint as paid_cents
        from commissions c
       where c.status = 'paid' and c.sponsor_id is not null
         and c.paid_at >= (make_timestamp(${year}, 1, 1, 0, 0, 0) at time zone 'Europe/Paris')
         and c.paid_at < (make_timestamp(${year + 1}, 1, 1, 0, 0, 0) at time zone 'Europe/Paris')
       group by c.sponsor_id
      having sum(c.amount_cents) > ${DAS2_THRESHOLD_CENTS}
    )
    select paid.sponsor_id, u.name, u.email, p.company_name, p.full_name, p.city, p.profession, paid.paid_cents
      from paid
      join "user" u on u.id = paid.sponsor_id
      left join profiles p on p.user_id = paid.sponsor_id
     order by coalesce(nullif(btrim(p.company_name), ''), nullif(btrim(p.full_name), ''), u.name), paid.sponsor_id`);
  return rows.map((r) => {
    const name = r.full_name?.trim() || r.name;
    const ttc = Number(r.paid_cents);
    return {
      sponsorId: r.sponsor_id,
      legalName: r.company_name?.trim() || name,
      name,
      email: r.email,
      siret: null,
      address: null,
      city: r.city?.trim() || null,
      profession: r.profession?.trim() || null,
      // TTC = HT while no VAT status is known (see above).
      amountExclVatCents: ttc,
      vatCents: 0,
      amountInclVatCents: ttc,
    };
  });
}

/** The DAS2 export for French Excel, like the monthly statement: UTF-8 with BOM, ';', CRLF. */
export async function das2Csv(db: DbOrTx, year: number): Promise<string> {
  const header = [
    'Année',
    'Raison sociale ou nom',
    'Nom du bénéficiaire',
    'SIRET',
    'Adresse',
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
        csvText(r.siret),
        csvText(r.address),
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
