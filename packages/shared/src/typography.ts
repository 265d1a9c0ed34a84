// French typography (issue 31, docs/product/decisions.md "Typographie"): what every text a user
// reads follows. A function of text only, so that a test may run it on the catalogues here and on
// built pages, mails and PDFs (their text, tags removed). No dependency.

/** The no-break space: before `:` and `»`, after `«`. */
export const NBSP = '\u00a0';
/** The narrow no-break space: before `;`, `!` and `?`. */
export const NNBSP = '\u202f';

/** The space each punctuation mark wants before it. */
const SPACE_BEFORE: Record<string, string> = { ':': NBSP, ';': NNBSP, '!': NNBSP, '?': NNBSP, '»': NBSP };

const NAMES: Record<string, string> = { ' ': 'espace sécable', [NBSP]: 'espace insécable', [NNBSP]: 'espace fine' };
const spaceName = (space: string) => NAMES[space] ?? `U+${space.codePointAt(0)?.toString(16).padStart(4, '0')}`;

/** The few characters around a problem, to say where it is. */
const around = (text: string, index: number) =>
  JSON.stringify(text.slice(Math.max(0, index - 20), index + 20))
    .replaceAll(NBSP, '\\u00a0')
    .replaceAll(NNBSP, '\\u202f');

/**
 * What breaks the French typography rule in a text, one line per problem (empty when none):
 * - a breaking space (U+0020), no space or the wrong no-break space before `:`, `;`, `!`, `?` and
 *   `»`, or after `«`;
 * - a straight apostrophe between letters (`l'adresse`), where French writes `’`.
 *
 * A mark counts as punctuation when a space or the end of the text follows it, so `https://`,
 * `07:00`, `/groups/:id`, `?page=2` and `!important` are not French punctuation. A space before
 * the mark at the start of the text is someone else's (a text joined to another) and is checked
 * there.
 */
export function typographyProblems(text: string): string[] {
  const problems: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const mark = text.charAt(i);
    const wanted = SPACE_BEFORE[mark];
    if (wanted) {
      const next = text.charAt(i + 1);
      const punctuation = mark === '»' || next === '' || /[\s)»,.]/.test(next) || (mark !== ':' && /[!?]/.test(next));
      // `?!`, `!!` and `...?`: only the first mark of a run wants the space.
      const previous = text.charAt(i - 1);
      if (punctuation && i > 0 && !(mark !== ':' && /[!?]/.test(previous))) {
        if (/\s/.test(previous)) {
          if (previous !== wanted) {
            problems.push(
              `${spaceName(previous)} avant « ${mark} » (${spaceName(wanted)} attendue) : ${around(text, i)}`,
            );
          }
        } else {
          problems.push(`pas d’espace avant « ${mark} » (${spaceName(wanted)} attendue) : ${around(text, i)}`);
        }
      }
    }
    if (mark === '«') {
      const next = text.charAt(i + 1);
      if (next !== NBSP) {
        const found = /\s/.test(next) ? spaceName(next) : 'pas d’espace';
        problems.push(`${found} après « « » (espace insécable attendue) : ${around(text, i)}`);
      }
    }
    if (mark === "'" && /\p{L}/u.test(text.charAt(i - 1)) && /\p{L}/u.test(text.charAt(i + 1))) {
      problems.push(`apostrophe droite (’ attendue) : ${around(text, i)}`);
    }
  }
  return problems;
}

/**
 * A text typed by someone with the typographic apostrophe French writes: `d'intérieur` →
 * `d’intérieur` (a straight apostrophe between letters only, as typographyProblems finds it).
 */
export function withTypographicApostrophes(text: string): string {
  return text.replace(/(?<=\p{L})'(?=\p{L})/gu, '’');
}

/**
 * Every string in a value with its path (`apiErrors.RATE_LIMITED.message`), through plain objects
 * and arrays only: the catalogues are those, and a schema or a class instance is code, not text.
 */
export function frenchStrings(value: unknown, path = ''): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  const seen = new Set<object>();
  const walk = (v: unknown, at: string) => {
    if (typeof v === 'string') {
      found.push([at, v]);
      return;
    }
    if (!v || typeof v !== 'object' || seen.has(v)) return;
    seen.add(v);
    const proto = Object.getPrototypeOf(v);
    if (!Array.isArray(v) && proto !== Object.prototype && proto !== null) return;
    for (const [key, item] of Object.entries(v)) walk(item, at ? `${at}.${key}` : key);
  };
  walk(value, path);
  return found;
}

/** ISO dates and months (2026-11-25, 2026-11), which people read in words (formatDate, formatMonth). */
const ISO_DATE = /(?<![\d-])\d{4}-(?:0[1-9]|1[0-2])(?:-\d{2})?(?![\d-])/g;
/** Times written `19:43` rather than `19 h 43` (formatTime, formatClockTime). */
const CLOCK_TIME = /(?<![\d:])\d{1,2}:\d{2}(?::\d{2})?(?![\d:])/g;

/**
 * The dates and times of a text a person reads that are not written the French way (issue 31): an
 * ISO date or month (`2026-11`, which belongs in a `<time datetime>` attribute only) or a time not
 * in the one style `7 h 00` (`07:00`, `19:43`). One line per problem, empty when none.
 */
export function dateTimeProblems(text: string): string[] {
  return [
    ...[...text.matchAll(ISO_DATE)].map((m) => `date ISO « ${m[0]} » (en toutes lettres attendue)`),
    ...[...text.matchAll(CLOCK_TIME)].map((m) => `heure « ${m[0]} » (style « 7 h 00 » attendu)`),
  ];
}
