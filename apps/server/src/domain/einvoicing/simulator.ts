import { inflateSync } from 'node:zlib';
import { LIFECYCLE_STATUSES, type LifecycleCode, lifecycleLabel } from '@synergie/shared/einvoicing';
import { isValidSiren } from '@synergie/shared/self-billing';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import type { DbOrTx } from '../../db/client';
import { einvoicingSimulatorFlows } from '../../db/schema';
import { escapeHtml } from '../../lib/html';

/**
 * A local plateforme agréée for development, the demo and the tests (issue 32): the part of the
 * XP Z12-013 Flow Service this product uses (a token by client credentials, `POST /v1/flows` with
 * `flowInfo` and the file, `GET /v1/flows/{flowId}`, `GET /v1/healthcheck`), and a page listing
 * what it received. Its checks are the platform's first ones: a Factur-X attached, the seller's
 * and the buyer's SIREN present with a right key. An invoice that passes goes through
 * `Déposée`, `Mise à disposition`, `Prise en charge`, `Approuvée` and `Encaissée`, one step every
 * `stepMs` after the deposit (so every instance on the database answers the same); a buyer in
 * `refusingSirens` refuses it after `Prise en charge`. The flows are kept in the database, one per
 * tracking id: a deposit sent again answers the first flow.
 */
export interface SimulatorOptions {
  db: DbOrTx;
  stepMs: number;
  refusingSirens?: readonly string[];
  /** The client credentials it accepts. */
  clientId: string;
  clientSecret: string;
  now?: () => Date;
}

export const SIMULATOR_PREFIX = '/dev/plateforme-agreee';
/** The simulator's credentials in development and the demo (no secret: it only runs outside production). */
export const SIMULATOR_CLIENT = { id: 'synergie-dev', secret: 'simulateur' } as const;

const APPROVED: LifecycleCode[] = [200, 203, 204, 205, 212];
const REFUSED: LifecycleCode[] = [200, 203, 204, 210];

export const simulatorReasons = {
  noFacturX: 'Aucune facture Factur-X n’est jointe au PDF.',
  sellerSiren: 'Le SIREN du vendeur manque ou sa clé est fausse.',
  buyerSiren: 'Le SIREN de l’acheteur manque ou sa clé est fausse.',
  refused: 'Le destinataire conteste cette facture.',
} as const;

/** The XML a Factur-X PDF carries (its EmbeddedFile stream), null when there is none. */
export async function embeddedInvoiceXml(bytes: Uint8Array): Promise<string | null> {
  let pdf: PDFDocument;
  try {
    pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  } catch {
    return null;
  }
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    if (object.dict.get(PDFName.of('Type')) !== PDFName.of('EmbeddedFile')) continue;
    const raw = Buffer.from(object.contents);
    try {
      return (object.dict.get(PDFName.of('Filter')) ? inflateSync(raw) : raw).toString('utf8');
    } catch {
      return null;
    }
  }
  return null;
}

/** The SIREN (scheme 0002) of a CII trade party, e.g. `SellerTradeParty`. */
export function partySiren(xml: string, party: 'SellerTradeParty' | 'BuyerTradeParty'): string | null {
  const block = xml.match(new RegExp(`<ram:${party}>([\\s\\S]*?)</ram:${party}>`))?.[1];
  return block?.match(/<ram:SpecifiedLegalOrganization>\s*<ram:ID schemeID="0002">(\d+)<\/ram:ID>/)?.[1] ?? null;
}

/** The platform's verdict on a file: rejected at its checks, refused by the buyer, or approved. */
export async function simulatorVerdict(bytes: Uint8Array, refusingSirens: readonly string[]) {
  const xml = await embeddedInvoiceXml(bytes);
  if (!xml?.includes('CrossIndustryInvoice'))
    return { verdict: 'reject', reason: simulatorReasons.noFacturX, seller: null, buyer: null } as const;
  const seller = partySiren(xml, 'SellerTradeParty');
  const buyer = partySiren(xml, 'BuyerTradeParty');
  if (!seller || !isValidSiren(seller))
    return { verdict: 'reject', reason: simulatorReasons.sellerSiren, seller, buyer } as const;
  if (!buyer || !isValidSiren(buyer))
    return { verdict: 'reject', reason: simulatorReasons.buyerSiren, seller, buyer } as const;
  if (refusingSirens.includes(buyer))
    return { verdict: 'refuse', reason: simulatorReasons.refused, seller, buyer } as const;
  return { verdict: 'approve', reason: null, seller, buyer } as const;
}

type FlowRow = typeof einvoicingSimulatorFlows.$inferSelect;

/** The statuses a flow has reached at `now`: one step every `stepMs` from its deposit. */
export function simulatedLifecycle(
  flow: Pick<FlowRow, 'verdict' | 'reason' | 'depositedAt'>,
  stepMs: number,
  now: Date,
) {
  const at = (step: number) => new Date(flow.depositedAt.getTime() + step * stepMs);
  if (flow.verdict === 'reject') return [{ code: 213, at: flow.depositedAt, reason: flow.reason }];
  const path = flow.verdict === 'refuse' ? REFUSED : APPROVED;
  return path
    .map((code, step) => ({ code, at: at(step), reason: code === 210 ? flow.reason : null }))
    .filter((s) => s.at.getTime() <= now.getTime());
}

function flowJson(flow: FlowRow, stepMs: number, now: Date) {
  const lifecycle = simulatedLifecycle(flow, stepMs, now);
  return {
    flowId: flow.flowId,
    trackingId: flow.trackingId,
    name: flow.name,
    flowSyntax: 'Factur-X',
    submittedAt: flow.depositedAt.toISOString(),
    acknowledgement:
      flow.verdict === 'reject'
        ? { status: 'Error', reasonMessage: flow.reason }
        : { status: 'Ok', reasonMessage: null },
    lifecycle: lifecycle.map((s) => ({
      code: s.code,
      label: lifecycleLabel(s.code),
      at: s.at.toISOString(),
      reason: s.reason,
    })),
  };
}

const ACCESS_TOKEN_PREFIX = 'simulateur.';

/** The simulator's routes, registered under SIMULATOR_PREFIX (outside production: app.ts). */
export async function registerPlatformSimulator(app: FastifyInstance, options: SimulatorOptions) {
  const now = options.now ?? (() => new Date());
  const refusing = options.refusingSirens ?? [];
  const token = `${ACCESS_TOKEN_PREFIX}${Buffer.from(options.clientId).toString('base64url')}`;
  const config = { access: 'public' as const };
  // Bodies as the platform takes them: a form for the token, multipart for a flow.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'buffer', bodyLimit: 10 * 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );
  const refuse = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).send({ errorCode: String(status), errorMessage: message });
  const authorized = (request: FastifyRequest) => request.headers.authorization === `Bearer ${token}`;

  app.post(`${SIMULATOR_PREFIX}/token`, { schema: { hide: true }, config }, async (request, reply) => {
    const form = new URLSearchParams(Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '');
    if (
      form.get('grant_type') !== 'client_credentials' ||
      form.get('client_id') !== options.clientId ||
      form.get('client_secret') !== options.clientSecret
    )
      return reply.code(401).send({ error: 'invalid_client' });
    return { access_token: token, token_type: 'Bearer', expires_in: 3600 };
  });

  app.get(`${SIMULATOR_PREFIX}/flow/v1/healthcheck`, { schema: { hide: true }, config }, async () => ({
    status: 'UP',
  }));

  app.post(`${SIMULATOR_PREFIX}/flow/v1/flows`, { schema: { hide: true }, config }, async (request, reply) => {
    if (!authorized(request)) return refuse(reply, 401, 'Jeton absent ou invalide.');
    if (!Buffer.isBuffer(request.body)) return refuse(reply, 400, 'Un envoi multipart/form-data est attendu.');
    let form: FormData;
    try {
      form = await new Response(request.body, {
        headers: { 'content-type': String(request.headers['content-type']) },
      }).formData();
    } catch {
      return refuse(reply, 400, 'Un envoi multipart/form-data est attendu.');
    }
    let info: { trackingId?: unknown; name?: unknown; flowSyntax?: unknown };
    try {
      info = JSON.parse(String(form.get('flowInfo') ?? ''));
    } catch {
      return refuse(reply, 400, 'flowInfo doit être un objet JSON.');
    }
    const file = form.get('file');
    if (typeof info.trackingId !== 'string' || !info.trackingId || typeof info.name !== 'string')
      return refuse(reply, 400, 'flowInfo.trackingId et flowInfo.name sont attendus.');
    if (info.flowSyntax !== 'Factur-X') return refuse(reply, 400, 'Seul le format Factur-X est reçu ici.');
    if (!(file instanceof Blob)) return refuse(reply, 400, 'Le fichier de la facture manque.');
    const verdict = await simulatorVerdict(new Uint8Array(await file.arrayBuffer()), refusing);
    const [inserted] = await options.db
      .insert(einvoicingSimulatorFlows)
      .values({
        trackingId: info.trackingId,
        name: info.name,
        sellerSiren: verdict.seller,
        buyerSiren: verdict.buyer,
        verdict: verdict.verdict,
        reason: verdict.reason,
        depositedAt: now(),
      })
      .onConflictDoNothing({ target: einvoicingSimulatorFlows.trackingId })
      .returning();
    // The same tracking id again (an answer lost on the way back): the first flow, not a second.
    const flow =
      inserted ??
      (
        await options.db
          .select()
          .from(einvoicingSimulatorFlows)
          .where(eq(einvoicingSimulatorFlows.trackingId, info.trackingId))
          .limit(1)
      )[0];
    if (!flow) return refuse(reply, 500, 'Flux introuvable.');
    return reply.code(inserted ? 201 : 200).send(flowJson(flow, options.stepMs, now()));
  });

  app.get<{ Params: { flowId: string } }>(
    `${SIMULATOR_PREFIX}/flow/v1/flows/:flowId`,
    { schema: { hide: true }, config },
    async (request, reply) => {
      if (!authorized(request)) return refuse(reply, 401, 'Jeton absent ou invalide.');
      const id = request.params.flowId;
      if (!/^[0-9a-f-]{36}$/i.test(id)) return refuse(reply, 404, 'Flux inconnu.');
      const [flow] = await options.db
        .select()
        .from(einvoicingSimulatorFlows)
        .where(eq(einvoicingSimulatorFlows.flowId, id))
        .limit(1);
      if (!flow) return refuse(reply, 404, 'Flux inconnu.');
      return flowJson(flow, options.stepMs, now());
    },
  );

  // What the platform received and where each invoice stands, for the demo and the developer.
  app.get(SIMULATOR_PREFIX, { schema: { hide: true }, config }, async (_request, reply) => {
    const flows = await options.db
      .select()
      .from(einvoicingSimulatorFlows)
      .orderBy(sql`${einvoicingSimulatorFlows.depositedAt} desc`)
      .limit(200);
    const at = now();
    const rows = flows
      .map((flow) => {
        const steps = simulatedLifecycle(flow, options.stepMs, at);
        const last = steps.at(-1);
        return `<tr><td>${escapeHtml(flow.trackingId)}</td><td>${escapeHtml(flow.sellerSiren ?? '—')}</td><td>${escapeHtml(flow.buyerSiren ?? '—')}</td><td>${escapeHtml(last ? lifecycleLabel(last.code) : '—')}${last?.reason ? ` (${escapeHtml(last.reason)})` : ''}</td><td>${steps.map((s) => escapeHtml(lifecycleLabel(s.code))).join(' → ')}</td></tr>`;
      })
      .join('');
    const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Plateforme agréée (simulateur)</title><style>body{font-family:system-ui,sans-serif;margin:1.5rem;color:#111}table{border-collapse:collapse;width:100%}th,td{border:1px solid #ccc;padding:.4rem;text-align:left;vertical-align:top}</style></head><body><main><h1>Plateforme agréée (simulateur)</h1><p>Les factures déposées et leur cycle de vie. Une étape toutes les ${Math.round(options.stepMs / 1000)}\u00a0s après le dépôt.</p><table><caption>${flows.length} facture${flows.length > 1 ? 's' : ''} reçue${flows.length > 1 ? 's' : ''}</caption><thead><tr><th scope="col">Numéro</th><th scope="col">SIREN du vendeur</th><th scope="col">SIREN de l’acheteur</th><th scope="col">Statut</th><th scope="col">Étapes</th></tr></thead><tbody>${rows}</tbody></table></main></body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
}

/** For the tests: every status code the simulator can answer is one the product names. */
export const SIMULATED_CODES = [...new Set([...APPROVED, ...REFUSED, 213])].filter((c) => c in LIFECYCLE_STATUSES);
