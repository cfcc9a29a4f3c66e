// Imported first by main.tsx, before any schema is built: Zod would otherwise probe
// `new Function` to pick compiled parsers, which the server's CSP (no eval) refuses.
import { z } from 'zod';

z.config({ jitless: true });
