// RFC 4180 documents: CRLF line ends, a cell quoted when it holds a comma, quote or line break,
// and the spreadsheet formula guard of csvCell on every text cell.
import { csvCell } from '../groups/report-service.ts';

export type CsvValue = string | number | null;

/** The header and rows as one CSV text; null cells are empty. */
export function csvDocument(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map((cell) => (cell === null ? '' : csvCell(cell))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A CVSS score as the product writes it, one decimal: 9.8, 5.0; empty when there is none. */
export function score(value: number | null): string {
  return value === null ? '' : value.toFixed(1);
}
