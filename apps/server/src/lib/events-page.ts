import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { EventsResponse } from '@synergie/shared/events';
import { SERVED_EVENTS_ID, SERVED_EVENTS_SLOT, type ServedEventsList } from '@synergie/shared/served-events';
import { DomUtils, parseDocument } from 'htmlparser2';

/**
 * /events with the first page of each list written in (docs/decisions/0013): a visitor reads the
 * events before any script runs, and the page starts no script until it is used (decision 0010:
 * no loading region is left in view).
 *
 * The prerendered page is cut once around its two loading regions (the elements carrying
 * `data-liste-servie`, which EventsBoard renders while it has no list) and its `</body>`. Each
 * request then joins the pieces with the lists rendered by the web app's own components
 * (apps/web/app/ssr/events-list.tsx, built into build/ssr/events-list.js) and the same pages as
 * JSON, which the board hydrates with: React finds exactly the markup it renders itself.
 *
 * What is written is a visitor's view (nobody's registrations), whoever asks: the page holds no
 * personal data, and a member's board loads their own list once their session is known.
 */
export type RenderEventList = (when: ServedEventsList, page: EventsResponse) => string;

export interface EventsPageTemplate {
  /** Before the upcoming list, between the two lists, after the past list up to `</body>`, the rest. */
  pieces: [string, string, string, string];
}

export function eventsPageTemplate(html: string): EventsPageTemplate | null {
  const document = parseDocument(html, { withStartIndices: true, withEndIndices: true });
  const slot = (when: ServedEventsList) =>
    DomUtils.findOne((el) => el.attribs[SERVED_EVENTS_SLOT] === when, document.children, true);
  const upcoming = slot('upcoming');
  const past = slot('past');
  const bodyEnd = html.lastIndexOf('</body>');
  if (
    !upcoming ||
    !past ||
    bodyEnd < 0 ||
    upcoming.startIndex === null ||
    upcoming.endIndex === null ||
    past.startIndex === null ||
    past.endIndex === null ||
    !(upcoming.endIndex < past.startIndex && past.endIndex < bodyEnd)
  ) {
    return null;
  }
  return {
    pieces: [
      html.slice(0, upcoming.startIndex),
      html.slice(upcoming.endIndex + 1, past.startIndex),
      html.slice(past.endIndex + 1, bodyEnd),
      html.slice(bodyEnd),
    ],
  };
}

/**
 * JSON in a `<script type="application/json">`: `<` escaped so no text closes the element. The
 * escape is JSON's own (`\u003c`), so JSON.parse gives the text back unchanged.
 */
export const jsonForScript = (json: string) => json.replace(/</g, '\\u003c');

/** The page with both lists: their HTML where the loading regions were, their JSON before `</body>`. */
export function fillEventsPage(
  template: EventsPageTemplate,
  render: RenderEventList,
  upcomingJson: string,
  pastJson: string,
): string {
  const [beforeUpcoming, between, afterPast, end] = template.pieces;
  const upcoming = JSON.parse(upcomingJson) as EventsResponse;
  const past = JSON.parse(pastJson) as EventsResponse;
  const data = jsonForScript(`{"upcoming":${upcomingJson},"past":${pastJson}}`);
  return (
    beforeUpcoming +
    render('upcoming', upcoming) +
    between +
    render('past', past) +
    afterPast +
    `<script type="application/json" id="${SERVED_EVENTS_ID}">${data}</script>` +
    end
  );
}

/**
 * The web app's renderer, loaded on first use; undefined when the build has none or it cannot be
 * loaded (a package it imports missing: `onError` is told once, the page is served without lists).
 */
export function eventListRenderer(
  file: string,
  onError: (error: unknown) => void,
): () => Promise<RenderEventList | undefined> {
  let loaded: Promise<RenderEventList | undefined> | undefined;
  return () => {
    loaded ??= fs.existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (module: { renderEventList?: RenderEventList }) => module.renderEventList,
          (error: unknown) => {
            onError(error);
            return undefined;
          },
        )
      : Promise.resolve(undefined);
    return loaded;
  };
}
