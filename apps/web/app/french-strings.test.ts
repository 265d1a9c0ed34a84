import fs from 'node:fs';
import path from 'node:path';
import { dateTimeProblems, typographyProblems } from '@synergie/shared/typography';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// French typography in the web app's own words (issue 31, docs/product/decisions.md
// "Typographie"): the member-only pages are not prerendered, so their built HTML cannot be read
// (e2e/typography.e2e.ts reads the others). This reads the source instead, with TypeScript's
// parser: every JSX text (an element's texts and `{'…'}` joined as React renders them, another
// expression or element standing as `X`), every JSX attribute written as a string (`aria-label`,
// `placeholder`, a component's `label`…) and every string and template literal of the code (the
// French message objects, the toasts, `{`…`}` in JSX). A string that is code (a class name, a URL,
// a route pattern `/groups/:id`, a CSS selector) holds none of what the rule looks for: no space
// before `: ; ! ?` followed by a space, no apostrophe between two letters.

const appDir = path.resolve(import.meta.dirname);

/** The module specifiers and type-only positions are code; so are the tests' own fixtures. */
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

const ENTITIES: Record<string, string> = { nbsp: '\u00a0', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** JSX text and attribute strings decode HTML entities (`&nbsp;`, `&#8239;`) and no `\u` escape. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return String.fromCodePoint(code);
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/** JSX's whitespace rule: lines trimmed where they break, blank lines dropped, joined by a space. */
function jsxText(raw: string): string {
  if (!raw.includes('\n')) return decodeEntities(raw);
  const lines = raw.split('\n').map((line, i, all) => {
    let l = line;
    if (i > 0) l = l.trimStart();
    if (i < all.length - 1) l = l.trimEnd();
    return l;
  });
  return decodeEntities(lines.filter((l) => l !== '').join(' '));
}

interface Found {
  where: string;
  text: string;
  jsx: boolean;
  /** JSX text and attribute strings print a `\u00a0` typed in them as six characters. */
  printsEscape?: boolean;
}

/**
 * Strings that are code although they hold a space before `:`: a CSS media query. Each with its
 * file; keep this list small.
 */
const CODE_STRINGS: Record<string, string[]> = {
  'features/app-install/lib/install-prompt.ts': ['(display-mode: standalone)'],
};

/** The spaces a file names (`const nbsp = '\u00a0'`, `NBSP` from the shared typography), by name. */
const SHARED_SPACES: Record<string, string> = { NBSP: '\u00a0', NNBSP: '\u202f' };

/** The French a source file shows, each text with its line. */
function textsOf(file: string, source: string): Found[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Found[] = [];
  const at = (node: ts.Node) => `${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
  const constants = new Map(Object.entries(SHARED_SPACES));
  const collect = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const init = node.initializer;
      if (ts.isStringLiteral(init) || ts.isNoSubstitutionTemplateLiteral(init))
        constants.set(node.name.text, init.text);
    }
    ts.forEachChild(node, collect);
  };
  collect(sf);
  /** An expression as React prints it, when it is a string known here; else `X`. */
  const printed = (e: ts.Expression): string => {
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text;
    if (ts.isIdentifier(e)) return constants.get(e.text) ?? 'X';
    return 'X';
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isLiteralTypeNode(node)) return;
    // A pattern given to `new RegExp(…)` is code; an `Error`'s message is for developers.
    if (ts.isNewExpression(node) && ['RegExp', 'Error', 'TypeError'].includes(node.expression.getText(sf))) return;
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) return;
    if (ts.isJsxElement(node) || ts.isJsxFragment(node)) {
      // The element's own text, as React joins its children.
      let text = '';
      for (const child of node.children) {
        if (ts.isJsxText(child)) {
          text += jsxText(child.text);
          if (child.text.includes('\\u')) found.push({ where: at(child), text: '', jsx: true, printsEscape: true });
        } else if (ts.isJsxExpression(child)) {
          if (child.expression) text += printed(child.expression);
        } else text += 'X';
      }
      if (/\p{L}/u.test(text)) found.push({ where: at(node), text, jsx: false });
    } else if (ts.isJsxAttribute(node) && node.initializer && ts.isStringLiteral(node.initializer)) {
      const text = node.initializer.text;
      found.push({ where: at(node), text: decodeEntities(text), jsx: true, printsEscape: text.includes('\\u') });
      return;
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (!CODE_STRINGS[file]?.includes(node.text)) found.push({ where: at(node), text: node.text, jsx: false });
    } else if (ts.isTemplateExpression(node)) {
      const text =
        node.head.text + node.templateSpans.map((span) => printed(span.expression) + span.literal.text).join('');
      found.push({ where: at(node), text, jsx: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/**
 * Each problem of a text, one line each. A string without any space is a word or code (`https:`,
 * a cache key `X:`): only its apostrophes are checked there.
 */
function problemsOf({ where, text, printsEscape }: Found): string[] {
  const spaced = /\s/.test(text);
  const problems = [...typographyProblems(text), ...dateTimeProblems(text)].filter(
    (p) => spaced || p.startsWith('apostrophe'),
  );
  if (printsEscape) problems.push("« \\u » écrit en JSX s’affiche tel quel (écrire {'…'})");
  return problems.map((p) => `${where}: ${p}`);
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !isTest(entry.name) ? [file] : [];
  });
}

describe('French typography in the web app’s source (issue 31)', () => {
  it('finds the problems it is meant to find', () => {
    const check = (source: string) => textsOf('x.tsx', source).flatMap(problemsOf);
    expect(check('const a = <p>Bonjour : {name}</p>;')).toHaveLength(1);
    expect(check("const a = <p>{'Bonjour\\u00a0:'} {name}</p>;")).toEqual([]);
    expect(check('const a = <p>Bonjour\\u00a0: {name}</p>;')).toHaveLength(2);
    expect(check('const a = <input placeholder="Votre nom ?" />;')).toHaveLength(1);
    expect(check('const a = <p>Vraiment&#8239;?</p>;')).toEqual([]);
    expect(check('const m = { title: "Aujourd\'hui" };')).toHaveLength(1);
    expect(check(['const m = `Le $', '{day} à 07:00`;'].join(''))).toHaveLength(1);
    expect(check('const a = <p>Le <strong>total</strong> : 12</p>;')).toHaveLength(1);
    expect(check("import x from './a:b';\nconst c = 'sm:flex hover:bg-slate-50 https://a.fr/x?y=1';")).toEqual([]);
  });

  it('every French string of the web app follows the rule', () => {
    const files = sourceFiles(appDir);
    expect(files.length).toBeGreaterThan(100);
    const problems = files.flatMap((file) =>
      textsOf(path.relative(appDir, file), fs.readFileSync(file, 'utf8')).flatMap(problemsOf),
    );
    expect(problems).toEqual([]);
    // Parsing 300 files takes seconds on a loaded machine.
  }, 120_000);
});
