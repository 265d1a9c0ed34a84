import './zod-locale';
import { z } from 'zod';
import { requiredSiren } from './membership-invoices';

// The member's SIREN looked up in INSEE's Sirene directory (issue 32, docs/product/decisions.md
// "Issue 32 — SIREN lookup"): the company's name and its head office's address, which fill the
// billing details form. The server's adapter: apps/server/src/domain/sirene.ts.

const nbsp = '\u00a0';

export const sireneMessages = {
  button: 'Remplir depuis le SIREN',
  searching: 'Recherche dans le répertoire Sirene…',
  /** `Trouvé dans le répertoire Sirene : DUPONT CONSEIL.` */
  found: (name: string) => `Trouvé dans le répertoire Sirene${nbsp}: ${name}. Vérifiez l’adresse puis enregistrez.`,
  foundWithoutName: `Trouvé dans le répertoire Sirene${nbsp}: cette entreprise ne rend pas public son nom ni son adresse, saisissez-les vous-même.`,
  /** A network failure or an answer the browser cannot read (the server's own refusals say more). */
  lookupFailed: `Le répertoire Sirene n’a pas pu être consulté${nbsp}: saisissez vous-même l’adresse, ou réessayez plus tard.`,
} as const;

export const sirenParamsSchema = z.object({ siren: requiredSiren });

/**
 * What the directory says of a company in activity. A field the company does not make public
 * (diffusion partielle, `[ND]` in Sirene) or that does not fit a French address (a head office
 * abroad) is null: the form keeps what the member typed there.
 */
export const sireneCompanySchema = z.object({
  siren: z.string(),
  /** The legal name, or `Prénom NOM` for a sole trader. */
  name: z.string().nullable(),
  addressLine: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
});
export type SireneCompany = z.infer<typeof sireneCompanySchema>;
