import fs from 'node:fs';
import path from 'node:path';
import { typographyProblems } from '@synergie/shared/typography';
import { describe, expect, it } from 'vitest';

// French typography on every prerendered page (issue 31, docs/product/decisions.md
// "Typographie"): the text a visitor reads, as `npm run build` wrote it. No browser: the HTML
// files are read from the build.

const clientDir = path.resolve(import.meta.dirname, '../apps/web/build/client');

/** Pages not yet following the rule, by their path in the build (`cgu/index.html`). */
const NOT_YET: string[] = [];

/** Attributes whose text is read (tooltips, screen readers, images, empty fields). */
const READ_ATTRIBUTES = ['aria-label', 'alt', 'title', 'placeholder'];

const ENTITIES: Record<string, string> = { nbsp: '\u00a0', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return String.fromCodePoint(code);
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/**
 * The texts of a page a visitor reads: its body text (a tag ends a text, React's `<!-- -->`
 * between two expressions does not) and each read attribute's value, as their own texts. What
 * `<head>`, `<script>`, `<style>` and a tag's other attributes (`<time datetime>`) hold is not read.
 */
function visibleTexts(html: string): string[] {
  const body = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<head[\s>][\s\S]*?<\/head>/gi, ' ')
    .replace(/<script[\s>][\s\S]*?<\/script>/gi, ' ')
    .replace(/<style[\s>][\s\S]*?<\/style>/gi, ' ');
  const texts: string[] = [];
  for (const tag of body.matchAll(/<[a-z][^>]*>/gi)) {
    for (const attribute of tag[0].matchAll(/\s([a-z-]+)=(?:"([^"]*)"|'([^']*)')/gi)) {
      if (READ_ATTRIBUTES.includes(attribute[1]?.toLowerCase() ?? '')) {
        texts.push(decode(attribute[2] ?? attribute[3] ?? ''));
      }
    }
  }
  texts.unshift(decode(body.replace(/<[^>]*>/g, '\n')));
  return texts;
}

/** ISO dates and months (2026-11-25, 2026-11), which belong in `<time datetime>` only. */
const ISO_DATE = /(?<![\d-])\d{4}-(?:0[1-9]|1[0-2])(?:-\d{2})?(?![\d-])/g;
/** Times written `19:43` rather than `19 h 43` (formatTime, formatClockTime). */
const CLOCK_TIME = /(?<![\d:])\d{1,2}:\d{2}(?::\d{2})?(?![\d:])/g;

/** Each problem of a page's HTML, one line each. */
function pageProblems(html: string): string[] {
  const problems: string[] = [];
  for (const text of visibleTexts(html)) {
    problems.push(...typographyProblems(text));
    for (const date of text.matchAll(ISO_DATE)) problems.push(`date ISO « ${date[0]} » hors de <time datetime>`);
    for (const time of text.matchAll(CLOCK_TIME)) problems.push(`heure « ${time[0]} » (style « 7 h 00 » attendu)`);
  }
  return problems;
}

function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(file);
    return entry.name.endsWith('.html') ? [file] : [];
  });
}

describe('French typography on the prerendered pages', () => {
  it('finds the problems it is meant to find', () => {
    expect(pageProblems('<html><head><title>Bonjour : test</title></head><body><p>Bonjour</p></body></html>')).toEqual(
      [],
    );
    expect(pageProblems('<p>Bonjour : test</p>')).toHaveLength(1);
    expect(pageProblems('<p>l&#x27;adresse</p>')).toHaveLength(1);
    expect(pageProblems('<img alt="Bonjour ! test">')).toHaveLength(1);
    expect(pageProblems('<p><time datetime="2026-11-25">25 novembre 2026</time> à 19\u00a0h\u00a043</p>')).toEqual([]);
    expect(pageProblems('<p><time datetime="2026-11-25T19:43">2026-11-25 19:43</time></p>')).toHaveLength(2);
    expect(pageProblems('<p>Le 2026-11</p>')).toHaveLength(1);
  });

  it('every page follows the rule', () => {
    const files = htmlFiles(clientDir);
    expect(files.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const file of files) {
      const page = path.relative(clientDir, file);
      if (NOT_YET.includes(page)) continue;
      for (const problem of pageProblems(fs.readFileSync(file, 'utf8'))) problems.push(`${page}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });
});
