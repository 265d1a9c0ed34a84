import { z } from 'zod';

// Messages zod writes itself (wrong type, missing field) read in French too, in the browser and
// on the server alike. The schemas' own messages, taken from the spec, still win.
z.config(z.locales.fr());
// In the browser, no compiled fast path: zod probes for it with `new Function('')`, which the
// pages' Content-Security-Policy (no 'unsafe-eval') refuses and Chrome reports as an issue.
if ('document' in globalThis) z.config({ jitless: true });
