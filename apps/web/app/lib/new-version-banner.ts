import { NEW_VERSION_BANNER, NEW_VERSION_RELOAD } from '@synergie/shared/site';

/**
 * The banner that says a new version is there, with `Recharger`: the same one the server's module
 * draws for a tab of a gone build (apps/server/src/lib/kept-assets.ts `newVersionModule`), from
 * the same styles (NEW_VERSION_BANNER). Drawn with the DOM's API, outside React: it needs no
 * component and no rendering of the page, and the CSP allows it (no inline style attribute).
 * Shown once; `role="status"` as nothing is broken yet (the server's is an alert: its page is).
 */
export function showNewVersionBanner(message: string, onReload: () => void): HTMLElement {
  const { id, box: boxStyle, text: textStyle, button: buttonStyle } = NEW_VERSION_BANNER;
  const shown = document.getElementById(id);
  if (shown) return shown;
  const box = document.createElement('div');
  box.id = id;
  box.setAttribute('role', 'status');
  Object.assign(box.style, boxStyle);
  const text = document.createElement('p');
  text.textContent = message;
  Object.assign(text.style, textStyle);
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = NEW_VERSION_RELOAD;
  Object.assign(button.style, buttonStyle);
  button.addEventListener('click', () => {
    button.disabled = true;
    onReload();
  });
  box.append(text, button);
  document.body.prepend(box);
  return box;
}
