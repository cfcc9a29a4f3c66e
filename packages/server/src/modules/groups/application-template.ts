import { AppError } from '../../lib/errors.ts';
import { byKey, type TemplateEntry } from './application-template-repository.ts';
import { normaliseKey } from './custom-data-service.ts';

/**
 * A template as sent → as stored: keys upper-cased (spec §5), values trimmed, ordered by key.
 * A bad or repeated key answers 400 at `application_template`, naming the row (1-based).
 */
export function normaliseTemplate(entries: readonly TemplateEntry[]): TemplateEntry[] {
  const seen = new Set<string>();
  const normalised = entries.map((entry, index) => {
    let key: string;
    try {
      key = normaliseKey(entry.key);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new AppError('application_template_invalid', `Row ${String(index + 1)}: ${error.code === 'custom_data_key_blank' ? 'the key may not be blank.' : 'use only letters A-Z, digits 0-9 and _ in the key.'}`);
    }
    if (seen.has(key)) throw new AppError('application_template_invalid', `Row ${String(index + 1)}: the key ${key} is already in the template.`);
    seen.add(key);
    return { key, value: entry.value.trim() };
  });
  return normalised.sort(byKey);
}

/** Both ordered by key (as stored and as normalised). */
export function sameTemplate(a: readonly TemplateEntry[], b: readonly TemplateEntry[]): boolean {
  return a.length === b.length && a.every((entry, index) => entry.key === b[index]?.key && entry.value === b[index]?.value);
}
