/**
 * The address a 'Visiter le site' link may open: http(s) only (the server stores links with
 * https:// added, spec section 5), so a stored value can never run script.
 */
export function externalHref(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  const withScheme = /^https?:\/\//i.test(url) ? url : `https://${url}`;
  if (!URL.canParse(withScheme)) return undefined;
  const { protocol } = new URL(withScheme);
  return protocol === 'https:' || protocol === 'http:' ? withScheme : undefined;
}
