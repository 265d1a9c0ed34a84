import { describe, expect, it } from 'vitest';
import { addNotice, fillForm, withoutScripts } from './form-page';

const field = (id: string, control: string) =>
  `<div class="flex flex-col gap-1.5"><label for="${id}">Champ</label>${control}</div>`;
const form = `<form aria-label="Test" action="/contact" method="post">${field(
  'a',
  '<input type="text" id="a" aria-invalid="false" aria-describedby="a-hint" name="name"/><p id="a-hint">Aide</p>',
)}${field('b', '<div class="relative"><input type="password" id="b" name="password"/></div>')}</form>`;
const page = `<!DOCTYPE html><html lang="fr"><head><script>var a = "<main>";</script><link rel="modulepreload" href="/assets/x.js"/><script type="application/ld+json">{"a":1}</script></head><body><main id="contenu"><p>Texte &amp; lien</p>${form}</main><script type="module" async="">import "/assets/x.js";</script></body></html>`;

describe('fillForm', () => {
  it('leaves the page byte for byte when the form is not there', () => {
    expect(fillForm(page, { action: '/ailleurs', values: { name: 'x' }, errors: { name: 'Non' } })).toBe(page);
  });

  it('writes the error at the end of the field, keeps the hint in aria-describedby, and never a password', () => {
    const html = fillForm(page, {
      action: '/contact',
      values: { name: 'Zoé "Z" <b>', password: 'Secret-2026' },
      errors: { name: 'Trop court', password: 'Obligatoire' },
      alert: 'Corrigez',
    });
    expect(html).toContain('aria-describedby="a-hint a-error"');
    expect(html).toContain('value="Zoé &quot;Z&quot; &lt;b&gt;"');
    expect(html).toContain(
      '<p id="a-hint">Aide</p><p id="a-error" class="text-sm font-medium text-red-700">Trop court</p></div>',
    );
    // The password's error sits after its wrapper, at the end of the field (as FormField renders it).
    expect(html).toContain(
      '</div><p id="b-error" class="text-sm font-medium text-red-700">Obligatoire</p></div></form>',
    );
    expect(html).not.toContain('Secret-2026');
    expect(html).toContain('<div role="alert"');
    expect(html).toContain('href="#a"');
    // Everything outside the form as it was.
    expect(html.slice(0, html.indexOf('<form'))).toBe(page.slice(0, page.indexOf('<form')));
    expect(html.slice(html.indexOf('</form>'))).toBe(page.slice(page.indexOf('</form>')));
  });
});

describe('withoutScripts and addNotice', () => {
  it('drops the scripts and module preloads, keeps JSON-LD, and writes the notice at the top of <main>', () => {
    const html = addNotice(withoutScripts(page), 'Envoyé à <vous>', 'status', { href: '/auth', text: 'Connexion' });
    expect(html).not.toMatch(/<script(?! type="application\/ld\+json")/);
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<script type="application/ld+json">{"a":1}</script>');
    expect(html).toContain(
      '<main id="contenu"><div class="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8"><div role="status"',
    );
    expect(html).toContain('Envoyé à &lt;vous&gt; <a class="underline" href="/auth">Connexion</a>');
    expect(html).toContain('<p>Texte &amp; lien</p>');
  });

  it('leaves a page without <main> as it is', () => {
    expect(addNotice('<p>x</p>', 'Bonjour')).toBe('<p>x</p>');
  });
});
