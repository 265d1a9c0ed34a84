// The forum's text, cut into pieces the page renders as React text and links: nothing a member
// writes is ever read as HTML (no dangerouslySetInnerHTML anywhere in the forum).

export type TextPiece =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'mention'; text: string; userId: string };

const URL_PATTERN = 'https?:\\/\\/[^\\s<>"\'`]+';
/** Punctuation that ends a sentence, not the address it follows. */
const TRAILING = /[.,;:!?)\]}»’'"]+$/;

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An http(s) address the browser will open as such; anything else (javascript:, data:…) is null. */
export function safeHref(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.href;
}

/**
 * Cuts `body` into text, http(s) links and the `@Name` of the members the message mentions
 * (`mentions`, from the server: a name typed without picking the member stays text).
 */
export function forumTextPieces(body: string, mentions: readonly { id: string; name: string }[] = []): TextPiece[] {
  const names = [...mentions].filter((m) => m.name.trim() !== '').sort((a, b) => b.name.length - a.name.length);
  const byName = new Map(names.map((m) => [m.name.toLocaleLowerCase('fr'), m.id]));
  const mentionPattern = names.length
    ? `@(${names.map((m) => escapeRegExp(m.name)).join('|')})(?![\\p{L}\\p{N}_])`
    : null;
  const pattern = new RegExp(mentionPattern ? `(${URL_PATTERN})|${mentionPattern}` : `(${URL_PATTERN})`, 'giu');
  const pieces: TextPiece[] = [];
  const pushText = (text: string) => {
    if (!text) return;
    const last = pieces.at(-1);
    if (last?.kind === 'text') last.text += text;
    else pieces.push({ kind: 'text', text });
  };
  let index = 0;
  for (const match of body.matchAll(pattern)) {
    const start = match.index ?? 0;
    pushText(body.slice(index, start));
    index = start + match[0].length;
    if (match[1] !== undefined) {
      const trailing = TRAILING.exec(match[1])?.[0] ?? '';
      const raw = match[1].slice(0, match[1].length - trailing.length);
      const href = safeHref(raw);
      if (href && raw.length > 'https://'.length) pieces.push({ kind: 'link', text: raw, href });
      else pushText(raw);
      pushText(trailing);
    } else {
      const userId = byName.get((match[2] ?? '').toLocaleLowerCase('fr'));
      if (userId) pieces.push({ kind: 'mention', text: match[0], userId });
      else pushText(match[0]);
    }
  }
  pushText(body.slice(index));
  return pieces;
}
