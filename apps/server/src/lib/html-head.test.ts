import { describe, expect, it } from 'vitest';
import { decodeEntities, parseHead } from './html-head';

const page = new URL('https://partenaire.example/fr/accueil');

describe('parseHead (htmlparser2 + entities)', () => {
  it('decodes every named reference of the HTML table, and numeric ones', () => {
    const info = parseHead(
      `<head><title>Man&oelig;uvres &eacute;l&eacute;gantes &ndash; &OElig;uvre &#339; &#x153; &#8217;&Eacute;t&eacute;&rsquo; &hearts; &NotEqualTilde;</title>
       <meta name="description" content="C&oelig;ur de m&eacute;tier&nbsp;: l&apos;&eacute;co-r&eacute;novation &amp; plus"></head>`,
      page,
    );
    expect(info.title).toBe('Manœuvres élégantes – Œuvre œ œ ’Été’ ♥ ≂̸');
    // A no-break space is whitespace too: collapsed like the others.
    expect(info.description).toBe("Cœur de métier : l'éco-rénovation & plus");
  });

  it('decodes invalid numeric references to U+FFFD and keeps unknown names', () => {
    expect(decodeEntities('&#0; &#x110000; &#xDFFF; &#128; &bogus; &eacute &amp')).toBe(
      // &#128; is read as windows-1252, as browsers do; a legacy name without ';' is decoded too.
      '\ufffd \ufffd \ufffd € &bogus; é &',
    );
  });

  it('reads attribute values by the attribute rules: a query string stays as written', () => {
    const info = parseHead(
      `<head><meta property="og:image" content="/img?id=1&copy=2&amp;w=3&eacute;"><link rel=icon href=/i.png?a=1&lang=fr></head>`,
      page,
    );
    expect(info.ogImage).toBe('https://partenaire.example/img?id=1&copy=2&w=3%C3%A9');
    expect(info.favicon).toBe('https://partenaire.example/i.png?a=1&lang=fr');
  });

  it('copes with malformed markup as a browser does', () => {
    const info = parseHead(
      `<HTML><HEAD><TITLE>Immo <b>Horizon</TITLE>
       <meta name=description content=Agence>
       <meta name="description" content="seconde, ignorée">
       <meta property="og:image" content='/og.png' content="/autre.png">
       <meta name="x" content="un > dans la valeur">
       <!-- <meta property="og:image" content="/commentaire.png"> -->
       <script>document.write('<meta name="description" content="script">')</script>
       <style>meta { content: "x" }</style>
       <link rel="stylesheet" href="/s.css"><link rel="shortcut icon" href="/favicon.ico">
       <link rel="icon" type="image/png" href="/icon-192.png">
       </HEAD><BODY><meta name="description" content="corps">`,
      page,
    );
    expect(info).toEqual({
      title: 'Immo <b>Horizon',
      description: 'Agence',
      ogImage: 'https://partenaire.example/og.png',
      favicon: 'https://partenaire.example/icon-192.png',
    });
  });

  it('ignores noscript and template content and honours the first <base href>', () => {
    const info = parseHead(
      `<head><base href="https://cdn.partenaire.example/site/"><base href="https://ailleurs.example/">
       <noscript><meta property="og:image" content="/sans-js.png"><title>sans JS</title></noscript>
       <template><link rel="icon" href="/gabarit.png"></template>
       <meta property="og:image" content="img/og.jpg"><link rel="apple-touch-icon" href="touch.png">
       <link rel="icon" href="/favicon.svg"><title>Vrai titre</title></head>`,
      page,
    );
    expect(info).toEqual({
      title: 'Vrai titre',
      description: null,
      ogImage: 'https://cdn.partenaire.example/site/img/og.jpg',
      favicon: 'https://cdn.partenaire.example/site/touch.png',
    });
  });

  it('stops at <body> even without </head>, and reads a head spread over several slices', () => {
    const padding = `<meta name="x" content="${'a'.repeat(40_000)}">`;
    const info = parseHead(
      `<html><head>${padding}<title>Titre ${'b'.repeat(20)}</title>${padding}<meta name="description" content="Loin">
       <body><meta property="og:image" content="/apres-body.png"><link rel="icon" href="/apres.png">`,
      page,
    );
    expect(info).toEqual({
      title: `Titre ${'b'.repeat(20)}`,
      description: 'Loin',
      ogImage: null,
      favicon: 'https://partenaire.example/favicon.ico',
    });
  });

  it('keeps the length limits and drops control characters', () => {
    const info = parseHead(
      `<title>${'Long '.repeat(100)}</title><meta name="description" content="a&#9;b&#x0;c&#127;d ${'x'.repeat(600)}">`,
      page,
    );
    expect(info.title).toHaveLength(200);
    expect(info.title?.endsWith('…')).toBe(true);
    expect(info.description).toHaveLength(500);
    expect(info.description?.startsWith('a b\ufffdc d x')).toBe(true);
  });

  it('takes a title cut off by the end of the page, and falls back to og:title for an empty one', () => {
    expect(parseHead('<head><title>Coupé &eacute;', page).title).toBe('Coupé é');
    expect(parseHead('<title> </title><meta property="og:title" content="Repli">', page).title).toBe('Repli');
  });
});
