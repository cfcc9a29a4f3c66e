// A table that flows across pages: the header row is drawn again at the top of every page it
// continues on, each cell is wrapped to its column and cut after its line limit, so a row's
// height is known before it is drawn and no row is split between pages.
import { wrapLines } from './pdf-text.ts';
import { PALETTE } from './palette.ts';

export interface TableColumn<T> {
  header: string;
  width: number;
  value: (row: T) => string;
  align?: 'left' | 'right';
  /** Lines a cell may take before it is cut with "..."; default 1. */
  maxLines?: number;
  /** A coloured square before the text (a severity). */
  swatch?: (row: T) => string | null;
  bold?: boolean;
}

const FONT_SIZE = 8;
const LINE_HEIGHT = 10;
const PAD = 3;
const SWATCH = 6;

/** Draws the rows from the current position down, adding pages as needed; leaves the position under the table. */
export function drawTable<T>(doc: PDFKit.PDFDocument, columns: readonly TableColumn<T>[], rows: Iterable<T>): void {
  const left = doc.page.margins.left;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const totalWidth = columns.reduce((sum, c) => sum + c.width, 0);
  let y = doc.y;
  let index = 0;

  const header = () => {
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
    const height = LINE_HEIGHT + 2 * PAD;
    doc.rect(left, y, totalWidth, height).fill(PALETTE.header);
    let x = left;
    for (const column of columns) {
      const [text = ''] = wrapLines(doc, column.header, column.width - 2 * PAD, 1);
      doc.fillColor(PALETTE.headerText);
      put(doc, text, x + PAD, y + PAD + 1, column.width - 2 * PAD, column.align);
      x += column.width;
    }
    y += height;
  };

  header();
  for (const row of rows) {
    doc.fontSize(FONT_SIZE);
    const cells = columns.map((column) => {
      doc.font(column.bold ? 'Helvetica-Bold' : 'Helvetica');
      const swatch = column.swatch?.(row) ?? null;
      const width = column.width - 2 * PAD - (swatch ? SWATCH + 3 : 0);
      return { lines: wrapLines(doc, column.value(row), width, column.maxLines ?? 1), swatch };
    });
    const height = Math.max(...cells.map((cell) => cell.lines.length)) * LINE_HEIGHT + 2 * PAD;
    if (y + height > bottom()) {
      doc.addPage();
      y = doc.page.margins.top;
      header();
    }
    if (index % 2 === 1) doc.rect(left, y, totalWidth, height).fill(PALETTE.stripe);
    let x = left;
    columns.forEach((column, i) => {
      const cell = cells[i];
      if (!cell) return;
      let textX = x + PAD;
      if (cell.swatch) {
        doc.rect(textX, y + PAD + 1.5, SWATCH, SWATCH).fill(cell.swatch);
        textX += SWATCH + 3;
      }
      doc.font(column.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE).fillColor(PALETTE.text);
      cell.lines.forEach((line, n) => {
        put(doc, line, textX, y + PAD + n * LINE_HEIGHT, x + column.width - PAD - textX, column.align);
      });
      x += column.width;
    });
    y += height;
    index += 1;
  }
  doc.moveTo(left, y).lineTo(left + totalWidth, y).lineWidth(0.5).strokeColor(PALETTE.rule).stroke();
  doc.x = left;
  doc.y = y + 8;
}

/**
 * One line at a place, aligned in its width by measure: pdfkit's own width option runs its
 * line wrapper, which adds a page when the line sits below the margin (as a footer does).
 */
export function put(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, align: 'left' | 'right' | 'center' = 'left'): void {
  const free = width - doc.widthOfString(text);
  const at = align === 'right' ? x + free : align === 'center' ? x + free / 2 : x;
  doc.text(text, at, y, { lineBreak: false });
}
