/** A custom-data entry as users type it: a key and a value. */
export interface CustomDataEntry {
  key: string;
  value: string;
}

/** An edit of one entry: the entry as it was and only the fields that changed. */
export interface CustomDataChange<E> {
  entry: E;
  change: Partial<CustomDataEntry>;
}

/** Spec §5: the key is upper-cased and the value trimmed before sending; absent fields stay absent. */
export function normaliseCustomData<T extends Partial<CustomDataEntry>>(entry: T): T {
  return {
    ...entry,
    ...(entry.key === undefined ? {} : { key: entry.key.trim().toUpperCase() }),
    ...(entry.value === undefined ? {} : { value: entry.value.trim() }),
  };
}
