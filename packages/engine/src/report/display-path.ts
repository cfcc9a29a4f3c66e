/** An extended path for display: the input itself (path `[]`) is shown by its name. */
export function displayPath(path: readonly string[], inputName: string): string[] {
  return path.length === 0 ? [inputName] : [...path];
}
