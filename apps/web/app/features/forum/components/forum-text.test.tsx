import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { forumTextPieces, safeHref } from '../lib/forum-text';
import { ForumText } from './forum-text';

function renderText(body: string, mentions: { id: string; name: string }[] = []) {
  return render(
    <MemoryRouter>
      <ForumText body={body} mentions={mentions} />
    </MemoryRouter>,
  ).container;
}

describe('ForumText', () => {
  it('shows <script> as the characters typed, never as an element', () => {
    const body = '<script>window.__pwned=1</script> bonjour';
    const container = renderText(body);
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toBe(body);
  });

  it('shows <img onerror> as text: no image, no handler', () => {
    const body = '<img src=x onerror="window.__pwned=1"><b>gras</b>';
    const container = renderText(body);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.textContent).toBe(body);
  });

  it('never links javascript:, data: or vbscript: addresses', () => {
    const body =
      'javascript:alert(1) [clic](javascript:alert(1)) data:text/html,<b>x</b> vbscript:msgbox <a href="javascript:alert(1)">x</a>';
    const container = renderText(body);
    expect(container.querySelectorAll('a')).toHaveLength(0);
    expect(container.textContent).toBe(body);
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(safeHref('https://exemple.fr/a')).toBe('https://exemple.fr/a');
  });

  it('makes http(s) addresses links marked nofollow ugc, without the sentence’s final punctuation', () => {
    const container = renderText('Voir https://exemple.fr/guide?x=1. Et http://a.fr, merci');
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://exemple.fr/guide?x=1', 'http://a.fr/']);
    for (const a of links) {
      expect(a.getAttribute('rel')).toContain('nofollow');
      expect(a.getAttribute('rel')).toContain('ugc');
      expect(a.getAttribute('rel')).toContain('noopener');
    }
    // Each link also says, to screen readers only, that it opens a new tab (ExternalLink).
    expect(container.textContent).toBe(
      'Voir https://exemple.fr/guide?x=1 (nouvel onglet). Et http://a.fr (nouvel onglet), merci',
    );
  });

  it('keeps line breaks and a link cannot smuggle a quote into an attribute', () => {
    const container = renderText('ligne 1\nligne 2\n\nhttps://x.fr/"onmouseover="alert(1)');
    expect(container.textContent).toContain('ligne 1\nligne 2\n\n');
    const a = container.querySelector('a');
    expect(a?.getAttribute('href')).toBe('https://x.fr/');
    expect(a?.getAttribute('onmouseover')).toBeNull();
  });

  it('links the @Name of mentioned members to their page, and only those', () => {
    const container = renderText('Merci @Bruno Plombier et @Inconnu, voir @Chloé.', [
      { id: 'u2', name: 'Bruno Plombier' },
      { id: 'u3', name: 'Chloé' },
    ]);
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['@Bruno Plombier', '/membres/u2'],
      ['@Chloé', '/membres/u3'],
    ]);
    expect(container.textContent).toBe('Merci @Bruno Plombier et @Inconnu, voir @Chloé.');
  });

  it('does not link a mention glued to more letters, and escapes names as text in the pattern', () => {
    expect(forumTextPieces('@Annabelle', [{ id: 'u1', name: 'Anna' }])).toEqual([{ kind: 'text', text: '@Annabelle' }]);
    expect(forumTextPieces('@A.(b)* ok', [{ id: 'u1', name: 'A.(b)*' }])[0]).toEqual({
      kind: 'mention',
      text: '@A.(b)*',
      userId: 'u1',
    });
  });
});
