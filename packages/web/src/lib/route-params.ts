// Numeric route ids (spec §2: groupId and scanId are numeric; §5: integers up to 2147483647).

const MAX_ID = 2147483647;

/** "42" → 42; anything else → NaN, which the route's loader turns into not-found. */
export function parseId(raw: string): number {
  // Digits only, no sign or exponent: "42" matches, "4e2", "-1" and "create" do not.
  if (!/^\d{1,10}$/.test(raw)) return Number.NaN;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : Number.NaN;
}

export function isValidId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= MAX_ID;
}
