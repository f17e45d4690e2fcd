import { config } from "zod/v4/core";

/**
 * Our Content-Security-Policy has no 'unsafe-eval'. zod 4 compiles object parsers with
 * `new Function`, and probes for it first: a probe the browser reports as a CSP violation even
 * though zod catches the error. Jitless parsing needs neither. The setting is read when a schema
 * is built, so src/main.tsx imports this module before anything else.
 */
config({ jitless: true });
