import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

/**
 * A local stand-in for INSEE's API Sirene 3.11 (domain/sirene.ts), on a free port of loopback,
 * answering the two calls the adapter makes in the shapes of the real API (only the fields read,
 * and a few beside them): `GET /siren/{siren}` and `GET /siret/{siret}`, with the key in
 * `X-INSEE-Api-Key-Integration`. Its companies, by SIREN (each with a valid Luhn key):
 */
export const SIRENE_KEY = 'cle-integration-test';
export const sireneCompanies = {
  /** A company in activity, its head office at 12 bis avenue des Champs-Élysées. */
  active: '552081317',
  /** A sole trader (entrepreneur individuel): no legal name, `Prénom NOM`. */
  soleTrader: '404833048',
  /** A company closed (`C`) in 2019. */
  closed: '812345676',
  /** A company in diffusion partielle: its name and address are `[ND]`. */
  partial: '121212120',
  /** Not in the directory: 404. */
  unknown: '900000001',
  /** INSEE fails: 500 on the unit. */
  failing: '350000006',
  /** INSEE never answers in time. */
  slow: '777777772',
} as const;

const header = (message: string, statut = 200) => ({ statut, message });

const unit = (siren: string, period: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  header: header('ok'),
  uniteLegale: {
    siren,
    statutDiffusionUniteLegale: 'O',
    dateCreationUniteLegale: '1954-01-01',
    prenomUsuelUniteLegale: null,
    prenom1UniteLegale: null,
    ...extra,
    periodesUniteLegale: [
      { dateFin: null, dateDebut: '2020-01-01', etatAdministratifUniteLegale: 'A', ...period },
      // An older period, ignored: the first is the current one.
      {
        dateFin: '2019-12-31',
        dateDebut: '1954-01-01',
        etatAdministratifUniteLegale: 'A',
        denominationUniteLegale: 'ANCIEN NOM',
      },
    ],
  },
});

const office = (siret: string, address: Record<string, unknown>) => ({
  header: header('ok'),
  etablissement: {
    siren: siret.slice(0, 9),
    nic: siret.slice(9),
    siret,
    adresseEtablissement: {
      complementAdresseEtablissement: null,
      numeroVoieEtablissement: null,
      indiceRepetitionEtablissement: null,
      typeVoieEtablissement: null,
      libelleVoieEtablissement: null,
      codePostalEtablissement: null,
      libelleCommuneEtablissement: null,
      codeCommuneEtablissement: null,
      ...address,
    },
  },
});

const units: Record<string, unknown> = {
  [sireneCompanies.active]: unit(sireneCompanies.active, {
    denominationUniteLegale: 'DUPONT CONSEIL',
    nicSiegeUniteLegale: '00013',
    categorieJuridiqueUniteLegale: '5710',
  }),
  [sireneCompanies.soleTrader]: unit(
    sireneCompanies.soleTrader,
    {
      denominationUniteLegale: null,
      nomUniteLegale: 'MARTIN',
      nomUsageUniteLegale: null,
      nicSiegeUniteLegale: '00024',
      categorieJuridiqueUniteLegale: '1000',
    },
    { prenomUsuelUniteLegale: 'CLAIRE', prenom1UniteLegale: 'CLAIRE', sexeUniteLegale: 'F' },
  ),
  [sireneCompanies.closed]: unit(sireneCompanies.closed, {
    etatAdministratifUniteLegale: 'C',
    denominationUniteLegale: 'FERMEE SARL',
    nicSiegeUniteLegale: '00015',
  }),
  [sireneCompanies.partial]: unit(
    sireneCompanies.partial,
    { denominationUniteLegale: null, nomUniteLegale: '[ND]', nicSiegeUniteLegale: '00011' },
    { statutDiffusionUniteLegale: 'P', prenomUsuelUniteLegale: '[ND]' },
  ),
};

const offices: Record<string, unknown> = {
  [`${sireneCompanies.active}00013`]: office(`${sireneCompanies.active}00013`, {
    numeroVoieEtablissement: '12',
    indiceRepetitionEtablissement: 'B',
    typeVoieEtablissement: 'AV',
    libelleVoieEtablissement: 'DES CHAMPS ELYSEES',
    codePostalEtablissement: '75008',
    libelleCommuneEtablissement: 'PARIS 8',
  }),
  [`${sireneCompanies.soleTrader}00024`]: office(`${sireneCompanies.soleTrader}00024`, {
    complementAdresseEtablissement: 'BATIMENT C',
    numeroVoieEtablissement: '3',
    typeVoieEtablissement: 'RUE',
    libelleVoieEtablissement: 'DE LA REPUBLIQUE',
    codePostalEtablissement: '69002',
    libelleCommuneEtablissement: 'LYON',
  }),
  [`${sireneCompanies.partial}00011`]: office(`${sireneCompanies.partial}00011`, {
    numeroVoieEtablissement: '[ND]',
    typeVoieEtablissement: '[ND]',
    libelleVoieEtablissement: '[ND]',
    codePostalEtablissement: '31000',
    libelleCommuneEtablissement: 'TOULOUSE',
  }),
};

const BASE = '/api-sirene/3.11';

export interface SireneServer {
  url: string;
  /** The paths asked, in order (`/siren/552081317`). */
  calls: string[];
}

/** Starts the stand-in for this test file, closed after its tests. */
export async function startSireneServer(): Promise<SireneServer> {
  const calls: string[] = [];
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    // The base path of the real API (SIRENE_API_URL ends with it).
    const path = (req.url ?? '/').replace(BASE, '');
    calls.push(path);
    if (req.headers['x-insee-api-key-integration'] !== SIRENE_KEY) {
      return send(res, 401, { message: 'Invalid API key' });
    }
    const sirenMatch = /^\/siren\/(\d{9})$/.exec(path);
    const siretMatch = /^\/siret\/(\d{14})$/.exec(path);
    const id = sirenMatch?.[1] ?? siretMatch?.[1];
    if (id === sireneCompanies.slow) return; // never answers: the adapter's timeout ends it
    if (id === sireneCompanies.failing) return send(res, 500, { header: header('Erreur interne', 500) });
    const found = sirenMatch ? units[id ?? ''] : siretMatch ? offices[id ?? ''] : undefined;
    if (!found) {
      return send(res, 404, {
        header: header(sirenMatch ? 'Aucun élément trouvé pour le siren' : 'Aucun élément trouvé', 404),
      });
    }
    send(res, 200, found);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${BASE}`, calls };
}
