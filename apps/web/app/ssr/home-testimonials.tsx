/**
 * Rendered by the server, not the browser: the home page's testimonials (issue 31) as the page
 * shows them (HomeTestimonialsList), written where the page left their region
 * (apps/server/src/lib/home-testimonials-page.ts), as /events' lists are (docs/decisions/0013).
 * Built apart by `vite build -c vite.ssr.config.ts` into build/ssr/home-testimonials.js.
 */
import type { FeaturedTestimonials } from '@synergie/shared/recommendations';
import { renderToString } from 'react-dom/server';
import { HomeTestimonialsList } from '~/components/home-testimonials';

/** The HTML of the testimonials, exactly as the home page renders them when it hydrates with `data`. */
export function renderHomeTestimonials(data: FeaturedTestimonials): string {
  return renderToString(<HomeTestimonialsList items={data.testimonials} />);
}
