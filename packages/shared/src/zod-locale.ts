import { z } from 'zod';

// Messages zod writes itself (wrong type, missing field) read in French too, in the browser and
// on the server alike. The schemas' own messages, taken from the spec, still win.
z.config(z.locales.fr());
