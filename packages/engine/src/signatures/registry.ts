// Every signature family, sorted by family name. A new family = one data file + one line here.
import compression from './data/compression.json' with { type: 'json' };
import databases from './data/databases.json' with { type: 'json' };
import languages from './data/languages.json' with { type: 'json' };
import libraries from './data/libraries.json' with { type: 'json' };
import media from './data/media.json' with { type: 'json' };
import network from './data/network.json' with { type: 'json' };
import services from './data/services.json' with { type: 'json' };
import system from './data/system.json' with { type: 'json' };
import tls from './data/tls.json' with { type: 'json' };
import tools from './data/tools.json' with { type: 'json' };
import type { Signature, SignatureFamily } from './types.ts';

export const SIGNATURE_FAMILIES: readonly SignatureFamily[] = [compression, databases, languages, libraries, media, network, services, system, tls, tools];

/** Every signature of every family, sorted by id. */
export function allSignatures(): Signature[] {
  return SIGNATURE_FAMILIES.flatMap((f) => f.signatures).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
