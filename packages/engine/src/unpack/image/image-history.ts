// Which build step made each layer of an image: the image config's `history` lists every
// step (`created_by`, `created`, `comment`), and the steps that wrote no layer (ENV, CMD,
// LABEL...) carry `empty_layer: true`. The others, in order, are the layers bottom first, as
// `docker history` pairs them.
import type { LayerHistory } from '../../model/index.ts';

/** A RUN line can be long; a config of 4 MB is not shown whole. */
const MAX_COMMAND = 4096;
const MAX_NOTE = 256;

/**
 * One entry per layer from the config's history, or undefined when it has none. Layers the
 * history does not reach (a history shorter than the layers) get an empty entry; steps beyond
 * the last layer are left out.
 */
export function layerHistory(config: unknown, layerCount: number): LayerHistory[] | undefined {
  const history: unknown = isObject(config) ? config.history : undefined;
  if (!Array.isArray(history)) return undefined;
  const steps = (history as unknown[]).filter(isObject).filter((step) => step.empty_layer !== true);
  return Array.from({ length: layerCount }, (_, i) => historyEntry(steps[i] ?? {}));
}

function historyEntry(step: Record<string, unknown>): LayerHistory {
  const entry: LayerHistory = {};
  const createdBy = bounded(step.created_by, MAX_COMMAND);
  const created = bounded(step.created, MAX_NOTE);
  const comment = bounded(step.comment, MAX_NOTE);
  if (createdBy !== undefined) entry.createdBy = createdBy;
  if (created !== undefined) entry.created = created;
  if (comment !== undefined) entry.comment = comment;
  return entry;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A non-empty string value cut to `max` characters (never inside a surrogate pair), else undefined. */
function bounded(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  if (value.length <= max) return value;
  return `${Array.from(value.slice(0, max)).slice(0, -1).join('')}…`;
}
