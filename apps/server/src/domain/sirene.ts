import type { QuotaLimits, SireneCompany } from '@synergie/shared';
import type { DbOrTx } from '../db/client';
import type { Env } from '../env';
import { AppError } from '../lib/errors';
import { giveBackQuota, quotaError, takeQuota } from './quotas';

/**
 * The member's SIREN looked up in INSEE's Sirene directory (issue 32, docs/product/decisions.md
 * "Issue 32 — SIREN lookup"), API Sirene 3.11: `GET /siren/{siren}` gives the legal unit (its
 * current period says whether it is active, its name and the NIC of its head office), then
 * `GET /siret/{siren}{nic}` gives the head office's address. Both with the portal's integration
 * key in `X-INSEE-Api-Key-Integration`, under one timeout. Nothing is saved: the answer fills the
 * form, which the member checks and saves.
 *
 * 404 → SIRENE_UNKNOWN; a unit closed (`C`) → SIRENE_CLOSED; anything else that is not an answer
 * (timeout, 5xx, 429 of INSEE's 30 requests a minute, a refused key) → SIRENE_UNAVAILABLE, the
 * detail logged, never shown.
 */

/** INSEE did not answer usably: the member types the details themselves. */
export class SireneUnavailable extends AppError {
  constructor(readonly detail: string) {
    super('SIRENE_UNAVAILABLE');
  }
}

export interface SireneDirectory {
  /** The company of a valid SIREN (9 digits, Luhn key), or an AppError: unknown, closed, unavailable. */
  lookUp(siren: string): Promise<SireneCompany>;
}

/** The fields of API Sirene 3.11 read here (the answers carry many more). */
interface UniteLegaleAnswer {
  uniteLegale?: {
    siren?: string;
    prenomUsuelUniteLegale?: string | null;
    prenom1UniteLegale?: string | null;
    periodesUniteLegale?: Array<{
      dateFin?: string | null;
      etatAdministratifUniteLegale?: string | null;
      denominationUniteLegale?: string | null;
      nomUniteLegale?: string | null;
      nomUsageUniteLegale?: string | null;
      nicSiegeUniteLegale?: string | null;
    }>;
  };
}
interface EtablissementAnswer {
  etablissement?: {
    adresseEtablissement?: {
      complementAdresseEtablissement?: string | null;
      numeroVoieEtablissement?: string | null;
      indiceRepetitionEtablissement?: string | null;
      typeVoieEtablissement?: string | null;
      libelleVoieEtablissement?: string | null;
      codePostalEtablissement?: string | null;
      libelleCommuneEtablissement?: string | null;
    };
  };
}

type LegalUnit = NonNullable<UniteLegaleAnswer['uniteLegale']>;
type LegalUnitPeriod = NonNullable<LegalUnit['periodesUniteLegale']>[number];
type OfficeAddress = NonNullable<NonNullable<EtablissementAnswer['etablissement']>['adresseEtablissement']>;

/** A value the company does not make public is `[ND]` (diffusion partielle): as if absent. */
const shown = (value: string | null | undefined): string | null => {
  const text = value?.trim();
  return text && text !== '[ND]' ? text : null;
};

/** Sirene's street type codes, written out as a postal address reads them (unknown codes stay as they are). */
const STREET_TYPES: Record<string, string> = {
  ALL: 'ALLÉE',
  AV: 'AVENUE',
  BD: 'BOULEVARD',
  CAR: 'CARREFOUR',
  CHE: 'CHEMIN',
  CHS: 'CHAUSSÉE',
  CITE: 'CITÉ',
  COR: 'CORNICHE',
  CRS: 'COURS',
  DOM: 'DOMAINE',
  ESP: 'ESPLANADE',
  FG: 'FAUBOURG',
  HAM: 'HAMEAU',
  IMP: 'IMPASSE',
  LD: 'LIEU-DIT',
  LOT: 'LOTISSEMENT',
  MTE: 'MONTÉE',
  PARC: 'PARC',
  PAS: 'PASSAGE',
  PL: 'PLACE',
  PLN: 'PLAINE',
  PROM: 'PROMENADE',
  PRV: 'PARVIS',
  QUA: 'QUARTIER',
  QUAI: 'QUAI',
  RES: 'RÉSIDENCE',
  RLE: 'RUELLE',
  RPT: 'ROND-POINT',
  RTE: 'ROUTE',
  RUE: 'RUE',
  SEN: 'SENTIER',
  SQ: 'SQUARE',
  TRA: 'TRAVERSE',
  VLA: 'VILLA',
  VOIE: 'VOIE',
};
const REPETITIONS: Record<string, string> = { B: 'BIS', T: 'TER', Q: 'QUATER', C: 'QUINQUIES' };

/** `12 BIS AVENUE DES CHAMPS ELYSEES, BATIMENT A` from the head office's address fields. */
function addressLineOf(address: OfficeAddress | undefined) {
  if (!address) return null;
  const repetition = shown(address.indiceRepetitionEtablissement);
  const type = shown(address.typeVoieEtablissement);
  const street = [
    shown(address.numeroVoieEtablissement),
    repetition ? (REPETITIONS[repetition] ?? repetition) : null,
    type ? (STREET_TYPES[type] ?? type) : null,
    shown(address.libelleVoieEtablissement),
  ]
    .filter(Boolean)
    .join(' ');
  const line = [street, shown(address.complementAdresseEtablissement)].filter(Boolean).join(', ');
  return line ? line.slice(0, 200) : null;
}

/** `Prénom NOM` for a sole trader (no legal name), the legal name otherwise; null when not public. */
function nameOf(unit: LegalUnit, current: LegalUnitPeriod) {
  const legalName = shown(current.denominationUniteLegale);
  if (legalName) return legalName;
  const surname = shown(current.nomUsageUniteLegale) ?? shown(current.nomUniteLegale);
  if (!surname) return null;
  const firstName = shown(unit.prenomUsuelUniteLegale) ?? shown(unit.prenom1UniteLegale);
  return firstName ? `${firstName} ${surname}` : surname;
}

export class InseeSirene implements SireneDirectory {
  constructor(private readonly options: { url: string; apiKey: string; timeoutMs: number; fetch?: typeof fetch }) {}

  async lookUp(siren: string): Promise<SireneCompany> {
    // One timeout for both calls: the member waits SIRENE_TIMEOUT_MS at most.
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    const unitAnswer = await this.get<UniteLegaleAnswer>(`/siren/${siren}`, signal);
    const unit = unitAnswer?.uniteLegale;
    if (!unit) throw new AppError('SIRENE_UNKNOWN');
    // The first period is the current one (API Sirene sorts them from the latest).
    const current = unit.periodesUniteLegale?.[0];
    if (!current) throw new SireneUnavailable('no period in the legal unit');
    if (current.etatAdministratifUniteLegale === 'C') throw new AppError('SIRENE_CLOSED');
    const nic = shown(current.nicSiegeUniteLegale);
    const office =
      nic && /^\d{5}$/.test(nic) ? await this.get<EtablissementAnswer>(`/siret/${siren}${nic}`, signal) : null;
    const address = office?.etablissement?.adresseEtablissement;
    const postcode = shown(address?.codePostalEtablissement);
    return {
      siren,
      name: nameOf(unit, current),
      addressLine: addressLineOf(address),
      // A head office abroad has no French postcode: the form keeps what was typed.
      postcode: postcode && /^\d{5}$/.test(postcode) ? postcode : null,
      city: shown(address?.libelleCommuneEtablissement),
    };
  }

  /** The JSON answer, null for a 404, SireneUnavailable for anything else that is not a 200. */
  private async get<T>(path: string, signal: AbortSignal): Promise<T | null> {
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(`${this.options.url.replace(/\/+$/, '')}${path}`, {
        headers: { 'X-INSEE-Api-Key-Integration': this.options.apiKey, accept: 'application/json' },
        signal,
        // 301 is a unit merged into another (a duplicate): not followed, read as unknown below.
        redirect: 'manual',
      });
    } catch (error) {
      throw new SireneUnavailable(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    }
    if (response.status === 404 || (response.status >= 300 && response.status < 400)) {
      await response.body?.cancel();
      return null;
    }
    if (response.status !== 200) {
      const body = await response.text().catch(() => '');
      throw new SireneUnavailable(`HTTP ${response.status} on ${path}: ${body.slice(0, 200)}`);
    }
    try {
      return (await response.json()) as T;
    } catch (error) {
      throw new SireneUnavailable(`unreadable answer on ${path}: ${String(error)}`);
    }
  }
}

/**
 * The directory of development and the demo, with no INSEE key: a few fictional companies, in the
 * shape INSEE's answers take once read (capitals, street types written out). Any other valid SIREN
 * is unknown; `DEMO_SIRENE.closed` is a company that has closed.
 */
export const DEMO_SIRENE = {
  companies: {
    '552081317': {
      siren: '552081317',
      name: 'DUPONT CONSEIL',
      addressLine: '12 BIS AVENUE DES CHAMPS ELYSEES',
      postcode: '75008',
      city: 'PARIS 8',
    },
    '404833048': {
      siren: '404833048',
      name: 'Claire MARTIN',
      addressLine: '3 RUE DE LA REPUBLIQUE, BATIMENT C',
      postcode: '69002',
      city: 'LYON',
    },
  } as Record<string, SireneCompany>,
  closed: '812345676',
} as const;

export class DemoSirene implements SireneDirectory {
  async lookUp(siren: string): Promise<SireneCompany> {
    if (siren === DEMO_SIRENE.closed) throw new AppError('SIRENE_CLOSED');
    const company = DEMO_SIRENE.companies[siren];
    if (!company) throw new AppError('SIRENE_UNKNOWN');
    return company;
  }
}

/**
 * The directory SIRENE_API_URL names; without it, the demo's directory in development (the button
 * works on `npm start` and the demo) and none elsewhere (the lookup is not offered).
 */
export function createSireneDirectory(env: Env): SireneDirectory | null {
  if (!env.SIRENE_API_URL || !env.SIRENE_API_KEY) return env.NODE_ENV === 'development' ? new DemoSirene() : null;
  return new InseeSirene({ url: env.SIRENE_API_URL, apiKey: env.SIRENE_API_KEY, timeoutMs: env.SIRENE_TIMEOUT_MS });
}

/**
 * A member's lookup, counted against their `sireneLookups` quota (packages/shared/src/quotas.ts):
 * taken before INSEE is called, given back when INSEE did not answer (the member then types the
 * details, and tries again later for nothing). Over the quota: 429 QUOTA_EXCEEDED, `retryAfter`
 * for the header. Not the declaration's `quota`, which gives back every refusal: an unknown SIREN
 * costs INSEE a call too, so it counts.
 */
export async function lookUpSirenFor(
  db: DbOrTx,
  directory: SireneDirectory,
  limits: QuotaLimits,
  userId: string,
  siren: string,
  onRefused: (retryAfter: number) => void,
): Promise<SireneCompany> {
  const taken = await takeQuota(db, limits, userId, 'sireneLookups');
  if (!taken.ok) {
    onRefused(taken.retryAfter);
    throw quotaError('sireneLookups', taken);
  }
  try {
    return await directory.lookUp(siren);
  } catch (error) {
    if (!(error instanceof AppError) || error.code === 'SIRENE_UNAVAILABLE') await giveBackQuota(db, taken);
    throw error;
  }
}
