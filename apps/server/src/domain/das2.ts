import { DAS2_FIRST_YEAR, DAS2_THRESHOLD_CENTS } from '@synergie/shared';
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
                        'addressLine', m.address_line, 'postcode', m.postcode, 'city', m.city)
                 from self_billing_mandates m where m.user_id = t.user_id
                order by m.accepted_at desc limit 1)) as party
        from totals t
       where t.incl_cents > ${DAS2_THRESHOLD_CENTS}
    )
    select d.user_id as sponsor_id,
           d.party->>'name' as issuer_name, d.party->>'siren' as issuer_siren, d.party->>'siret' as issuer_siret,
           d.party->>'addressLine' as issuer_address, d.party->>'postcode' as issuer_postcode,
           d.party->>'city' as issuer_city,
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
