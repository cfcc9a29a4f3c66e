// The app's one way to Zod: every module that builds a schema imports `z` from here, so Zod is
// jitless before any schema exists, whatever order the bundler gives the chunks. Otherwise Zod
// probes `new Function` to pick compiled parsers, which the server's CSP (no eval) refuses.
import { z } from 'zod';

z.config({ jitless: true });

export { z };
