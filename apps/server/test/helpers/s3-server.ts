import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3Object {
  body: Buffer;
  contentType: string;
  lastModified: Date;
}

const xml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * An S3-compatible HTTP server for the tests: path-style PutObject, GetObject, DeleteObject and
 * ListObjectsV2 (with continuation, `pageSize` objects per page) over real HTTP, so the app's
 * S3 driver is tested through the AWS SDK's own requests and XML parsing. Signatures are not
 * checked. `objects` is the bucket's content, keyed by full object key, for the tests to read
 * and age.
 */
export async function startS3Server(options: { bucket?: string; pageSize?: number } = {}) {
  const bucket = options.bucket ?? 'synergie-test';
  const pageSize = options.pageSize ?? 1000;
  const objects = new Map<string, S3Object>();
  const requests: string[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://s3.test');
      const [, name, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      requests.push(`${req.method} ${url.pathname}${url.search}`);
      if (name !== bucket) {
        res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchBucket</Code></Error>');
        return;
      }
      if (req.method === 'PUT' && key) {
        const body = Buffer.concat(chunks);
        objects.set(key, {
          body,
          contentType: req.headers['content-type'] ?? 'application/octet-stream',
          lastModified: new Date(),
        });
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
        return;
      }
      if (req.method === 'DELETE' && key) {
        objects.delete(key);
        res.writeHead(204).end();
        return;
      }
      if (req.method === 'GET' && key) {
        const object = objects.get(key);
        if (!object) {
          res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
          return;
        }
        res
          .writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length })
          .end(object.body);
        return;
      }
      if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
        const prefix = url.searchParams.get('prefix') ?? '';
        const after = url.searchParams.get('continuation-token') ?? '';
        const all = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
        const page = all.slice(0, pageSize);
        const truncated = all.length > page.length;
        const contents = page
          .map((k) => {
            const object = objects.get(k) as S3Object;
            return `<Contents><Key>${xml(k)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><ETag>"x"</ETag><Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
          })
          .join('');
        res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(
            `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${xml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${pageSize}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${truncated ? `<NextContinuationToken>${xml(page.at(-1) ?? '')}</NextContinuationToken>` : ''}</ListBucketResult>`,
          );
        return;
      }
      res.writeHead(400, { 'content-type': 'application/xml' }).end('<Error><Code>NotImplemented</Code></Error>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    bucket,
    endpoint,
    objects,
    requests,
    /** The settings that point the app at this server. */
    env: {
      S3_BUCKET: bucket,
      S3_REGION: 'fr-par',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test-secret',
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
