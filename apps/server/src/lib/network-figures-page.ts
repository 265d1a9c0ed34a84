import {
  NETWORK_FIGURE_SLOT,
  NETWORK_FIGURE_SLOTS,
  NETWORK_FIGURES_BLOCK,
  NETWORK_FIGURES_ID,
  type NetworkFigures,
  networkFigureTexts,
} from '@synergie/shared/network-figures';
import { jsonForScript } from './events-page';
import { escapeHtml } from './html';

/** The public pages whose served HTML carries the network's figures (issue 29). */
export const NETWORK_FIGURES_PAGES: readonly string[] = ['/', '/groupes'];

const escapeText = escapeHtml;

/**
 * The prerendered page with the figures written in, as decision 0013 does for /events: the block
 * the page builds hidden (`data-chiffres-reseau`, no figures known at build time) is shown, each
 * slot's text (`data-chiffre="…"`) is the server's, and the same figures go as JSON before
 * `</body>` for the page to hydrate with (components/network-figures.tsx), so React finds the
 * text it renders. A page without the block is returned unchanged.
 */
export function fillNetworkFigures(html: string, figures: NetworkFigures): string {
  const block = new RegExp(`<[a-z]+\\b[^>]*\\b${NETWORK_FIGURES_BLOCK}(="[^"]*")?[^>]*>`);
  if (!block.test(html)) return html;
  const texts = networkFigureTexts(figures);
  let filled = html.replace(block, (tag) => tag.replace(/\shidden(="")?(?=[\s/>])/, ''));
  for (const slot of NETWORK_FIGURE_SLOTS) {
    const element = new RegExp(`(<([a-z]+)\\b[^>]*\\b${NETWORK_FIGURE_SLOT}="${slot}"[^>]*>)[^<]*(</\\2>)`, 'g');
    filled = filled.replace(
      element,
      (_all, open: string, _name: string, close: string) => open + escapeText(texts[slot]) + close,
    );
  }
  const end = filled.lastIndexOf('</body>');
  if (end < 0) return filled;
  const data = `<script type="application/json" id="${NETWORK_FIGURES_ID}">${jsonForScript(JSON.stringify(figures))}</script>`;
  return filled.slice(0, end) + data + filled.slice(end);
}
