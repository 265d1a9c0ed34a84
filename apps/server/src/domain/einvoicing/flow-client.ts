/**
 * A plateforme agréée through the part of the XP Z12-013 Flow Service this product needs (issue
 * 32, docs/settings.md "Facturation électronique"): an OAuth 2 token by client credentials,
 * `POST {flowUrl}/v1/flows` (multipart: `flowInfo` as JSON and `file`), `GET {flowUrl}/v1/flows/{id}`
 * for its acknowledgement and lifecycle. The local simulator (simulator.ts) answers the same calls.
 */
export interface FlowServiceSettings {
  flowUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
}

export interface SubmittedFlow {
  flowId: string;
}

export interface FlowState {
  /** Ok: received; Error: refused by the platform's checks (a 213 status follows); Pending: not read yet. */
  acknowledgement: 'Pending' | 'Ok' | 'Error';
  lifecycle: { code: number; at: Date; reason: string | null }[];
}

/** The platform could not be reached or answered 5xx/429: try again later, nothing is lost. */
export class PlatformUnavailable extends Error {}
/** The platform refused the request itself (4xx other than 401/408/429): trying again would not help. */
export class PlatformRefused extends Error {}

type Json = Record<string, unknown>;

export class FlowServiceClient {
  private token: { value: string; until: number } | undefined;

  constructor(
    private readonly settings: FlowServiceSettings,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private async call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetchImpl(url, {
        ...init,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      throw new PlatformUnavailable(`${new URL(url).host}: ${(error as Error).message}`);
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const answer = await this.call(this.settings.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: this.settings.clientId,
        client_secret: this.settings.clientSecret,
      }).toString(),
    });
    const body = (await answer.json().catch(() => ({}))) as Json;
    if (!answer.ok || typeof body.access_token !== 'string') {
      const failure = `token: ${answer.status}`;
      throw answer.status >= 500 || answer.status === 429
        ? new PlatformUnavailable(failure)
        : new PlatformRefused(failure);
    }
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 300;
    // Renewed a minute early: a deposit never leaves with a token about to expire.
    this.token = { value: body.access_token, until: Date.now() + Math.max(0, seconds - 60) * 1000 };
    return body.access_token;
  }

  private async authorized(url: string, init: RequestInit): Promise<Json> {
    const send = async () =>
      this.call(url, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          accept: 'application/json',
          authorization: `Bearer ${await this.accessToken()}`,
        },
      });
    let answer = await send();
    if (answer.status === 401) {
      // A token revoked before its time: one new token, once.
      this.token = undefined;
      answer = await send();
    }
    const body = (await answer.json().catch(() => ({}))) as Json;
    if (answer.ok) return body;
    const message = `${answer.status}${typeof body.errorMessage === 'string' ? ` ${body.errorMessage}` : ''}`;
    if (answer.status >= 500 || [401, 408, 425, 429].includes(answer.status)) throw new PlatformUnavailable(message);
    throw new PlatformRefused(message);
  }

  /** Deposits a Factur-X; the same tracking id again answers the first flow (the platform keeps one per id). */
  async submit(input: { trackingId: string; name: string; file: Uint8Array }): Promise<SubmittedFlow> {
    const form = new FormData();
    form.set(
      'flowInfo',
      JSON.stringify({ trackingId: input.trackingId, name: input.name, flowSyntax: 'Factur-X', processingRule: 'B2B' }),
    );
    form.set('file', new Blob([input.file], { type: 'application/pdf' }), input.name);
    const body = await this.authorized(`${this.settings.flowUrl}/v1/flows`, { method: 'POST', body: form });
    if (typeof body.flowId !== 'string' || !body.flowId) throw new PlatformUnavailable('flow: no flowId in the answer');
    return { flowId: body.flowId };
  }

  async read(flowId: string): Promise<FlowState> {
    const body = await this.authorized(`${this.settings.flowUrl}/v1/flows/${encodeURIComponent(flowId)}`, {
      method: 'GET',
    });
    const ack = (body.acknowledgement as Json | undefined)?.status;
    const lifecycle = Array.isArray(body.lifecycle) ? (body.lifecycle as Json[]) : [];
    return {
      acknowledgement: ack === 'Ok' || ack === 'Error' ? ack : 'Pending',
      lifecycle: lifecycle
        .filter((s) => typeof s.code === 'number' && typeof s.at === 'string' && !Number.isNaN(Date.parse(s.at)))
        .map((s) => ({
          code: s.code as number,
          at: new Date(s.at as string),
          reason: typeof s.reason === 'string' && s.reason ? s.reason.slice(0, 500) : null,
        })),
    };
  }
}
