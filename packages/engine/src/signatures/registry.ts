// Every signature family, sorted by family name. A new family = one data file + one line here.
import audioVideo from './data/audio-video.json' with { type: 'json' };
import cloud from './data/cloud.json' with { type: 'json' };
import compression from './data/compression.json' with { type: 'json' };
import cryptoLibs from './data/crypto-libs.json' with { type: 'json' };
import databases from './data/databases.json' with { type: 'json' };
import dbLibs from './data/db-libs.json' with { type: 'json' };
import desktop from './data/desktop.json' with { type: 'json' };
import devTools from './data/dev-tools.json' with { type: 'json' };
import embeddedOs from './data/embedded-os.json' with { type: 'json' };
import graphics from './data/graphics.json' with { type: 'json' };
import hardware from './data/hardware.json' with { type: 'json' };
import languages from './data/languages.json' with { type: 'json' };
import libraries from './data/libraries.json' with { type: 'json' };
import media from './data/media.json' with { type: 'json' };
import miscLibs from './data/misc-libs.json' with { type: 'json' };
import netLibs from './data/net-libs.json' with { type: 'json' };
import network from './data/network.json' with { type: 'json' };
import runtimes from './data/runtimes.json' with { type: 'json' };
import science from './data/science.json' with { type: 'json' };
import securityTools from './data/security-tools.json' with { type: 'json' };
import servers from './data/servers.json' with { type: 'json' };
import services from './data/services.json' with { type: 'json' };
import system from './data/system.json' with { type: 'json' };
import textXml from './data/text-xml.json' with { type: 'json' };
import tls from './data/tls.json' with { type: 'json' };
import tools from './data/tools.json' with { type: 'json' };
import utilities from './data/utilities.json' with { type: 'json' };
import webAssets from './data/web-assets.json' with { type: 'json' };
import type { Signature, SignatureFamily } from './types.ts';

export const SIGNATURE_FAMILIES: readonly SignatureFamily[] = [audioVideo, cloud, compression, cryptoLibs, databases, dbLibs, desktop, devTools, embeddedOs, graphics, hardware, languages, libraries, media, miscLibs, netLibs, network, runtimes, science, securityTools, servers, services, system, textXml, tls, tools, utilities, webAssets];

/** Every signature of every family, sorted by id. */
export function allSignatures(): Signature[] {
  return SIGNATURE_FAMILIES.flatMap((f) => f.signatures).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
