/** LIKE and ILIKE treat % and _ as wildcards (and \ as their escape); a search for "50%" means the text: "50%_x" → "50\%\_x". */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The pattern of a search for `text` anywhere in a column: `%…%`, the text taken literally. */
export function containing(text: string): string {
  return `%${escapeLike(text)}%`;
}
