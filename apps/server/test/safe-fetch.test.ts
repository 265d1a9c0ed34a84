import dgram from 'node:dgram';
import dns from 'node:dns/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import dnsPacket from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/errors';
import { decodeEntities, parseHead } from '../src/lib/html-head';
import { ipv6Groups, isPublicAddress } from '../src/lib/ip-address';
import { type Resolver, safeFetch, safeFetchMessages, testAllowHosts } from '../src/lib/safe-fetch';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '192.0.2.10',
    '198.18.0.1',
    '::',
    '::1',
    'fe80::1',
    'febf::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '2001:db8::1',
    '2002:7f00:1::1',
    'not an address',
    '',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '93.184.216.34',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4007:80e::200e',
    '::ffff:8.8.8.8',
  ])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('expands IPv6 forms to their eight groups', () => {
    expect(ipv6Groups('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(ipv6Groups('2001:db8::8a2e:370:7334')).toEqual([0x2001, 0xdb8, 0, 0, 0, 0x8a2e, 0x370, 0x7334]);
    expect(ipv6Groups('1.2.3.4')).toBeNull();
  });
});

describe('parseHead', () => {
  const page = new URL('https://partenaire.example/fr/accueil');

  it('reads title, description, og:image and icon, resolving relative URLs and entities', () => {
    const info = parseHead(
      `<!doctype html><html><head>
        <meta charset="utf-8">
        <title>  Batir&eacute;no &amp; Fils &#8211; R&#xE9;novation </title>
        <!-- <title>pas celui-ci</title> -->
        <script>var s = "<title>non</title>";</script>
        <meta name="description" content="Rénovation tous corps d&#39;état">
        <meta property="og:image" content="/img/og.png">
        <link rel="icon" href="favicon.ico">
        <link rel="apple-touch-icon" href="//cdn.partenaire.example/touch.png">
      </head><body><title>après le head</title><meta name="description" content="ignorée"></body></html>`,
      page,
    );
    expect(info).toEqual({
      title: 'Batiréno & Fils – Rénovation',
      description: "Rénovation tous corps d'état",
      ogImage: 'https://partenaire.example/img/og.png',
      favicon: 'https://cdn.partenaire.example/touch.png',
    });
  });

  it('falls back to og:description, og:title and /favicon.ico, and ignores everything after </head>', () => {
    const info = parseHead(
      `<head><meta property="og:title" content="Immo Horizon"><meta property='og:description' content='Agence immobilière'></head>
       <meta name="description" content="trop tard"><link rel="icon" href="/late.png">`,
      page,
    );
    expect(info).toEqual({
      title: 'Immo Horizon',
      description: 'Agence immobilière',
      ogImage: null,
      favicon: 'https://partenaire.example/favicon.ico',
    });
  });

  it('keeps only http(s) URLs', () => {
    const info = parseHead(
      '<head><meta property="og:image" content="javascript:alert(1)"><link rel="icon" href="data:image/png;base64,AAAA"></head>',
      page,
    );
    expect(info.ogImage).toBeNull();
    expect(info.favicon).toBeNull();
  });

  it('decodes entities without producing invalid characters', () => {
    expect(decodeEntities('&lt;b&gt; &#0; &#xD800; &unknown;')).toBe('<b> \ufffd \ufffd &unknown;');
  });
});

describe('testAllowHosts', () => {
  it('is honoured only under NODE_ENV=test', () => {
    const previous = process.env.SAFE_FETCH_TEST_ALLOW_HOSTS;
    process.env.SAFE_FETCH_TEST_ALLOW_HOSTS = '127.0.0.1, Site.Test';
    try {
      expect(testAllowHosts('test')).toEqual(['127.0.0.1', 'site.test']);
      expect(testAllowHosts('development')).toEqual([]);
      expect(testAllowHosts('production')).toEqual([]);
    } finally {
      if (previous === undefined) delete process.env.SAFE_FETCH_TEST_ALLOW_HOSTS;
      else process.env.SAFE_FETCH_TEST_ALLOW_HOSTS = previous;
    }
  });
});

describe('safeFetch against local servers', () => {
  let server: http.Server;
  let port: number;
  const hits: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(`${req.headers.host} ${req.url}`);
      const url = req.url ?? '/';
      if (url === '/page') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<html><head><title>Page locale</title></head></html>');
      } else if (url.startsWith('/redirect/')) {
        const left = Number(url.split('/')[2]);
        res.writeHead(302, { location: left > 0 ? `/redirect/${left - 1}` : '/page' });
        res.end();
      } else if (url === '/to-loopback') {
        res.writeHead(302, { location: `http://127.0.0.1:${port}/page` });
        res.end();
      } else if (url === '/to-file') {
        res.writeHead(302, { location: 'file:///etc/passwd' });
        res.end();
      } else if (url === '/big') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(`<html><head><title>x</title></head><body>${'a'.repeat(1024 * 1024 + 10)}</body></html>`);
      } else if (url === '/big-chunked') {
        // No Content-Length: the cap has to stop the reading itself.
        res.writeHead(200, { 'content-type': 'text/html' });
        const chunk = 'b'.repeat(64 * 1024);
        let sent = 0;
        const write = () => {
          while (sent < 40) {
            sent += 1;
            if (!res.write(chunk)) return res.once('drain', write);
          }
          res.end();
        };
        write();
      } else if (url === '/slow') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<html><head>');
        // Never ends.
      } else if (url === '/json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      } else {
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end('introuvable');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  // 'site.test' resolves to the local server; only it is on the allow-list, 127.0.0.1 is not.
  const resolve: Resolver = async (hostname) => {
    if (hostname === 'site.test') return [{ address: '127.0.0.1', family: 4 }];
    if (hostname === 'evil.test') return [{ address: '10.0.0.7', family: 4 }];
    if (hostname === 'mixed.test')
      return [
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ];
    throw new Error('ENOTFOUND');
  };
  const html = { accept: ['text/html'], resolve, allowHosts: ['site.test'] } as const;
  const base = () => `http://site.test:${port}`;

  async function refusal(promise: Promise<unknown>): Promise<AppError> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    expect(appError.statusCode).toBeGreaterThanOrEqual(400);
    expect(appError.statusCode).toBeLessThan(500);
    return appError;
  }

  it('fetches an allow-listed host, keeping the host name in the Host header', async () => {
    const result = await safeFetch(`${base()}/page`, html);
    expect(result.body.toString()).toContain('Page locale');
    expect(result.contentType).toBe('text/html');
    expect(hits.at(-1)).toBe(`site.test:${port} /page`);
  });

  it('follows up to 5 redirects and reports the final URL', async () => {
    const result = await safeFetch(`${base()}/redirect/4`, html);
    expect(result.url.href).toBe(`${base()}/page`);
  });

  it('refuses a sixth redirect', async () => {
    const error = await refusal(safeFetch(`${base()}/redirect/5`, html));
    expect(error.message).toBe(safeFetchMessages.tooManyRedirects);
  });

  it.each([
    'http://127.0.0.1:PORT/page',
    'http://10.0.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]:PORT/page',
    'http://[::ffff:127.0.0.1]:PORT/page',
    'http://2130706433:PORT/page',
    'http://0x7f.1:PORT/page',
    'http://0.0.0.0:PORT/page',
  ])('refuses %s without connecting', async (raw) => {
    const before = hits.length;
    const error = await refusal(safeFetch(raw.replace('PORT', String(port)), { accept: ['text/html'] }));
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(safeFetchMessages.forbiddenAddress);
    expect(hits.length).toBe(before);
  });

  it('refuses a name that resolves to a private address, or to any private one among several', async () => {
    for (const host of ['evil.test', 'mixed.test']) {
      const error = await refusal(safeFetch(`http://${host}/`, { accept: ['text/html'], resolve }));
      expect(error.message).toBe(safeFetchMessages.forbiddenAddress);
    }
  });

  it('refuses a redirect to 127.0.0.1, checked like the first address', async () => {
    const before = hits.length;
    const error = await refusal(safeFetch(`${base()}/to-loopback`, html));
    expect(error.message).toBe(safeFetchMessages.forbiddenAddress);
    // The redirecting page was fetched, the loopback target never.
    expect(hits.length).toBe(before + 1);
  });

  it.each(['file:///etc/passwd', 'ftp://site.test/', 'gopher://site.test/', 'javascript:alert(1)', 'pas une url'])(
    'refuses the scheme of %s',
    async (raw) => {
      const error = await refusal(safeFetch(raw, html));
      expect(error.message).toBe(safeFetchMessages.invalidUrl);
    },
  );

  it('refuses a redirect to a non-http scheme', async () => {
    const error = await refusal(safeFetch(`${base()}/to-file`, html));
    expect(error.message).toBe(safeFetchMessages.invalidUrl);
  });

  it('refuses a body over 1 MB, announced or not', async () => {
    for (const path of ['/big', '/big-chunked']) {
      const error = await refusal(safeFetch(`${base()}${path}`, html));
      expect(error.message).toBe(safeFetchMessages.tooLarge);
    }
  });

  it('gives up after the timeout', async () => {
    const started = Date.now();
    const error = await refusal(safeFetch(`${base()}/slow`, { ...html, timeoutMs: 300 }));
    expect(error.message).toBe(safeFetchMessages.timeout);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('refuses an unexpected content type and an error status', async () => {
    expect((await refusal(safeFetch(`${base()}/json`, html))).message).toBe(safeFetchMessages.wrongType);
    expect((await refusal(safeFetch(`${base()}/missing`, html))).message).toBe(safeFetchMessages.httpError(404));
  });

  it('says when a name does not resolve', async () => {
    const error = await refusal(safeFetch('http://nowhere.test/', { accept: ['text/html'], resolve }));
    expect(error.message).toBe(safeFetchMessages.unreachable);
  });
});

/**
 * DNS rebinding (issue 33) against a DNS server of the tests' own on loopback, asked by Node's own
 * resolver: the name answers a public address to the first question and 127.0.0.1 to the next.
 * A guard that resolved again to connect would reach the local server; this one connects to the
 * address it checked, or refuses.
 */
describe('safeFetch and a name that changes its answer (DNS rebinding)', () => {
  let dnsServer: dgram.Socket;
  let dnsPort: number;
  let web: http.Server;
  let webPort: number;
  const webHits: string[] = [];
  const questions: string[] = [];
  // Each name's answers in order; the last one repeats.
  const answers: Record<string, string[]> = {
    'rebind.test': ['93.184.216.34', '127.0.0.1'],
    'rebind-first.test': ['127.0.0.1', '93.184.216.34'],
  };

  beforeAll(async () => {
    dnsServer = dgram.createSocket('udp4');
    dnsServer.on('message', (message, remote) => {
      const query = dnsPacket.decode(message);
      const question = query.questions?.[0];
      const name = question?.name ?? '';
      const list = answers[name];
      let address: string | undefined;
      if (list && question?.type === 'A') {
        const asked = questions.filter((q) => q === name).length;
        questions.push(name);
        address = list[Math.min(asked, list.length - 1)];
      }
      const reply = dnsPacket.encode({
        type: 'response',
        id: query.id,
        flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (list ? 0 : 3),
        questions: query.questions,
        answers: address && question ? [{ type: 'A', class: 'IN', name, ttl: 0, data: address }] : [],
      });
      dnsServer.send(reply, remote.port, remote.address);
    });
    await new Promise<void>((resolve) => dnsServer.bind(0, '127.0.0.1', resolve));
    dnsPort = dnsServer.address().port;
    web = http.createServer((req, res) => {
      webHits.push(`${req.headers.host} ${req.url}`);
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><head><title>Interne</title></head></html>');
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    webPort = (web.address() as AddressInfo).port;
  });
  afterAll(async () => {
    dnsServer.close();
    web.closeAllConnections();
    await new Promise((resolve) => web.close(resolve));
  });

  /** Node's resolver (c-ares, no cache) asking our server only. */
  const viaLocalDns: Resolver = async (hostname) => {
    const resolver = new dns.Resolver({ timeout: 1000, tries: 1 });
    resolver.setServers([`127.0.0.1:${dnsPort}`]);
    return (await resolver.resolve4(hostname)).map((address) => ({ address, family: 4 }));
  };

  it('the resolver is real: it answers the public address, then 127.0.0.1', async () => {
    answers['probe.test'] = ['93.184.216.34', '127.0.0.1'];
    expect(await viaLocalDns('probe.test')).toEqual([{ address: '93.184.216.34', family: 4 }]);
    expect(await viaLocalDns('probe.test')).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });

  it('connects to the public address it checked, never to the second answer', async () => {
    const before = questions.filter((q) => q === 'rebind.test').length;
    const error = await safeFetch(`http://rebind.test:${webPort}/admin`, {
      accept: ['text/html'],
      resolve: viaLocalDns,
      timeoutMs: 1500,
    }).then(
      () => null,
      (e: unknown) => e,
    );
    // The checked address is not reachable from here: the fetch fails, in French, as a site would.
    expect(error).toBeInstanceOf(AppError);
    expect(['SITE_UNREACHABLE', 'SITE_TIMEOUT']).toContain((error as AppError).code);
    // The name was asked once, and the local server was never reached.
    expect(questions.filter((q) => q === 'rebind.test').length - before).toBe(1);
    expect(webHits).toEqual([]);
  });

  it('refuses when the first answer is the private one', async () => {
    const error = await safeFetch(`http://rebind-first.test:${webPort}/admin`, {
      accept: ['text/html'],
      resolve: viaLocalDns,
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe(safeFetchMessages.forbiddenAddress);
    expect(webHits).toEqual([]);
  });
});
