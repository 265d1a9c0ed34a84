import sharp from 'sharp';
import type { TestApp } from './app';

export interface UploadedFile {
  body: Buffer;
  filename: string;
  type: string;
}

/** A PNG of the given size, as a phone or a scanner would send it. */
export const pngImage = (width = 1200, height = 800, background = { r: 40, g: 120, b: 200 }) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** A multipart/form-data body, built by the platform's own FormData as a browser's form would be. */
export async function multipart(fields: Record<string, string | UploadedFile>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.body)], { type: value.type }), value.filename);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

let uploads = 0;

/**
 * Sends `file` (and any other `fields`) to an upload route as the signed-in `who` (or a visitor),
 * from the site's own origin (its SITE_URL). Each upload comes from an address of its own: the upload routes'
 * per-IP rate limit is not what these tests are about.
 */
export async function uploadFile(
  t: TestApp,
  url: string,
  who: { jar: { header(): string } } | null,
  file: UploadedFile,
  fields: Record<string, string> = {},
) {
  const { payload, contentType } = await multipart({ ...fields, file });
  uploads += 1;
  return t.app.inject({
    method: 'POST',
    url,
    headers: { origin: t.env.SITE_URL, cookie: who?.jar.header() ?? '', 'content-type': contentType },
    payload,
    remoteAddress: `10.8.${Math.floor(uploads / 250)}.${uploads % 250}`,
  });
}
