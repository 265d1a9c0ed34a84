/**
 * The address of a profile image, if it can be shown. Only our upload route writes these
 * fields: a path under /storage/ with the local disk, or an address on the configured
 * S3-compatible store, whose origin the pages' Content-Security-Policy allows (and no other
 * site). Anything else (a script address, a protocol-relative URL) never reaches an <img>.
 */
export function storedImageSrc(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  if (url.startsWith('/')) return url.startsWith('//') || url.startsWith('/\\') ? undefined : url;
  if (!URL.canParse(url)) return undefined;
  const { protocol } = new URL(url);
  return protocol === 'https:' || protocol === 'http:' ? url : undefined;
}
