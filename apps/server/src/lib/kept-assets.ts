import fs from 'node:fs';
import path from 'node:path';
import { NEW_VERSION_BANNER, NEW_VERSION_MESSAGE, NEW_VERSION_RELOAD } from '@synergie/shared';

/**
 * Deployments never break an open tab (docs/decisions/0016-deployments-and-open-tabs.md). A tab
 * opened before a deployment still asks for the previous build's hashed files (route modules,
 * lazily loaded chunks). At start-up the server copies its build's `assets/` into
 * `DATA_DIR/web-assets/` (the data folder outlives a deployment), marks each file of the current
 * build as seen now, and removes those no build has carried for KEEP_DAYS; a file missing from
 * the build is then served from there.
 */
export const KEEP_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface KeptAssets {
  dir: string;
  /** Files kept from earlier builds: copied now, or already there. */
  kept: number;
  removed: number;
}

/** Copies the build's assets into `keptDir` and prunes what no build carried for KEEP_DAYS. */
export function keepAssets(buildAssets: string, keptDir: string, now = Date.now()): KeptAssets {
  fs.mkdirSync(keptDir, { recursive: true });
  const current = new Set(fs.existsSync(buildAssets) ? fs.readdirSync(buildAssets) : []);
  const seen = new Date(now);
  for (const name of current) {
    const from = path.join(buildAssets, name);
    if (!fs.statSync(from).isFile()) continue;
    const to = path.join(keptDir, name);
    // Hashed names: a file of the same name has the same content.
    if (!fs.existsSync(to)) fs.copyFileSync(from, to);
    fs.utimesSync(to, seen, seen);
  }
  let kept = 0;
  let removed = 0;
  for (const name of fs.readdirSync(keptDir)) {
    const file = path.join(keptDir, name);
    const stat = fs.statSync(file);
    if (!stat.isFile()) continue;
    if (!current.has(name) && now - stat.mtimeMs > KEEP_DAYS * DAY_MS) {
      fs.rmSync(file, { force: true });
      removed++;
    } else kept++;
  }
  return { dir: keptDir, kept, removed };
}

/** A hashed asset's name, and nothing that could leave the folder. */
export const isAssetName = (name: string) => /^[\w.-]+$/.test(name) && !name.startsWith('.');

/**
 * What a script asking for a file no build has any more gets: a module that tells the reader a new
 * version is there, with `Recharger`, and never finishes loading, so the router waits instead of
 * reloading the page again and again. Built with the DOM's API (no markup, no inline style
 * attribute), once per page.
 */
export function newVersionModule(): string {
  const message = JSON.stringify(NEW_VERSION_MESSAGE);
  const reload = JSON.stringify(NEW_VERSION_RELOAD);
  const { id, box: boxStyle, text: textStyle, button: buttonStyle } = NEW_VERSION_BANNER;
  return `const id = ${JSON.stringify(id)};
if (!document.getElementById(id)) {
  const box = document.createElement('div');
  box.id = id;
  box.setAttribute('role', 'alert');
  Object.assign(box.style, ${JSON.stringify(boxStyle)});
  const text = document.createElement('p');
  text.textContent = ${message};
  Object.assign(text.style, ${JSON.stringify(textStyle)});
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = ${reload};
  Object.assign(button.style, ${JSON.stringify(buttonStyle)});
  button.addEventListener('click', () => window.location.reload());
  box.append(text, button);
  document.body.prepend(box);
  button.focus();
}
await new Promise(() => {});
`;
}
