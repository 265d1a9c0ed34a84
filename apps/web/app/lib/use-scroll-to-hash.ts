import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Brings the element a link's `#anchor` names into view once the page has drawn it, and focuses it
 * when it takes focus, so a keyboard or screen reader user lands there too (`/profile#metier`,
 * `Vos premiers pas` on `Aujourd'hui`). A section whose content loads after the page
 * (`/profile/notifications#appareils`) has no such element when the router scrolls, so this looks
 * for it a few frames more (about one second), then gives up.
 */
export function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    const id = decodeURIComponent(hash.slice(1));
    let frame = 0;
    let handle = 0;
    const look = () => {
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView?.({ block: 'start' });
        if (target.tabIndex >= 0 || target.hasAttribute('tabindex')) target.focus({ preventScroll: true });
        return;
      }
      frame += 1;
      if (frame < 60) handle = requestAnimationFrame(look);
    };
    look();
    return () => cancelAnimationFrame(handle);
  }, [ready, hash]);
}
