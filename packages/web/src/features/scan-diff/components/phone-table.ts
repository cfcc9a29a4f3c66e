/**
 * The least width of a diff table in its phone columns: they add up to it, and it fits a 390 px
 * screen beside the page's padding, so nothing scrolls sideways.
 */
export const PHONE_TABLE_WIDTH = 350;

/** DataTable's minWidth on a phone; its own default elsewhere. */
export function phoneTableWidth(narrow: boolean): { minWidth?: number } {
  return narrow ? { minWidth: PHONE_TABLE_WIDTH } : {};
}
