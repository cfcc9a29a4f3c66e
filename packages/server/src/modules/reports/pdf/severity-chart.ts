// A horizontal bar chart of vulnerability counts, one bar per severity in its colour, scaled
// to the largest count; a zero draws no bar, only its count.
import { PALETTE } from './palette.ts';
import { put } from './pdf-table.ts';

export interface ChartBar {
  label: string;
  count: number;
  colour: string;
}

const BAR_HEIGHT = 16;
const GAP = 8;
const LABEL_WIDTH = 70;
const COUNT_WIDTH = 50;

/** Draws the bars from (x, y) across `width`; returns the y under the chart. */
export function drawSeverityChart(doc: PDFKit.PDFDocument, x: number, y: number, width: number, bars: readonly ChartBar[]): number {
  const largest = Math.max(1, ...bars.map((bar) => bar.count));
  const barArea = width - LABEL_WIDTH - COUNT_WIDTH;
  bars.forEach((bar, i) => {
    const top = y + i * (BAR_HEIGHT + GAP);
    doc.font('Helvetica').fontSize(9).fillColor(PALETTE.text);
    put(doc, bar.label, x, top + 4, LABEL_WIDTH - 8);
    if (bar.count > 0) doc.rect(x + LABEL_WIDTH, top, Math.max(2, (bar.count / largest) * barArea), BAR_HEIGHT).fill(bar.colour);
    doc.font('Helvetica-Bold').fontSize(9).fillColor(PALETTE.text);
    const barEnd = bar.count > 0 ? x + LABEL_WIDTH + Math.max(2, (bar.count / largest) * barArea) : x + LABEL_WIDTH;
    put(doc, bar.count.toLocaleString('en-GB'), barEnd + 6, top + 4, COUNT_WIDTH - 6);
  });
  const bottom = y + bars.length * (BAR_HEIGHT + GAP);
  doc.moveTo(x + LABEL_WIDTH, y - 4).lineTo(x + LABEL_WIDTH, bottom - GAP + 4).lineWidth(0.75).strokeColor(PALETTE.rule).stroke();
  return bottom;
}
