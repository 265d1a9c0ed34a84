import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FeaturedTestimonials } from '@synergie/shared/recommendations';
import { SERVED_TESTIMONIALS_ID, SERVED_TESTIMONIALS_SLOT } from '@synergie/shared/served-events';
import { DomUtils, parseDocument } from 'htmlparser2';
import { jsonForScript } from './events-page';

/**
 * `/` with its testimonials written in (issue 31), as /events has its lists (decision 0013): the
 * element the home page renders without them (`data-temoignages-servis`, empty and hidden) is
 * replaced by the web app's own rendering (apps/web/app/ssr/home-testimonials.tsx, built into
 * build/ssr/home-testimonials.js), and the same data goes as JSON before `</body>` for the page to
 * hydrate with. Published testimonials only: what members' public pages show already.
 */
export type RenderHomeTestimonials = (data: FeaturedTestimonials) => string;

/** The page with the testimonials' HTML where their region was and their JSON before `</body>`; unchanged without the region. */
export function fillHomeTestimonials(html: string, render: RenderHomeTestimonials, json: string): string {
  const document = parseDocument(html, { withStartIndices: true, withEndIndices: true });
  const slot = DomUtils.findOne((el) => SERVED_TESTIMONIALS_SLOT in el.attribs, document.children, true);
  const bodyEnd = html.lastIndexOf('</body>');
  if (!slot || slot.startIndex === null || slot.endIndex === null || bodyEnd < 0 || slot.endIndex >= bodyEnd) {
    return html;
  }
  const data = JSON.parse(json) as FeaturedTestimonials;
  return (
    html.slice(0, slot.startIndex) +
    render(data) +
    html.slice(slot.endIndex + 1, bodyEnd) +
    `<script type="application/json" id="${SERVED_TESTIMONIALS_ID}">${jsonForScript(json)}</script>` +
    html.slice(bodyEnd)
  );
}

/** The web app's renderer, loaded on first use; undefined when the build has none or it cannot be loaded (told once). */
export function homeTestimonialsRenderer(
  file: string,
  onError: (error: unknown) => void,
): () => Promise<RenderHomeTestimonials | undefined> {
  let loaded: Promise<RenderHomeTestimonials | undefined> | undefined;
  return () => {
    loaded ??= fs.existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (module: { renderHomeTestimonials?: RenderHomeTestimonials }) => module.renderHomeTestimonials,
          (error: unknown) => {
            onError(error);
            return undefined;
          },
        )
      : Promise.resolve(undefined);
    return loaded;
  };
}
