import type { ChartGeometry } from './chart-geometry';
import { pdfText } from './pdf-text';
import { COLOUR, FONT } from './pdf-style';

/**
 * Draws a laid-out chart with its top left corner at (ox, oy): grid lines and value labels,
 * bars or lines (with points when there are few), category labels and the legend, all as
 * vector paths and standard-font text.
 */
export function drawChart(doc: PDFKit.PDFDocument, g: ChartGeometry, ox: number, oy: number): void {
  doc.save();
  doc.font(FONT.regular).fontSize(7).lineWidth(0.4);
  for (const tick of g.yTicks) {
    doc
      .moveTo(ox + g.plot.x, oy + tick.y)
      .lineTo(ox + g.plot.x + g.plot.width, oy + tick.y)
      .strokeColor(COLOUR.rule)
      .stroke();
    doc.fillColor(COLOUR.muted).text(tick.label, ox, oy + tick.y - 3.5, {
      width: g.plot.x - 4,
      align: 'right',
      lineBreak: false,
    });
  }
  for (const bar of g.bars)
    doc.rect(ox + bar.x, oy + bar.y, bar.width, bar.height).fill(bar.colour);
  for (const line of g.lines) {
    const [first, ...rest] = line.points;
    if (!first) continue;
    doc.moveTo(ox + first[0], oy + first[1]);
    for (const [x, y] of rest) doc.lineTo(ox + x, oy + y);
    doc.lineWidth(1.4).strokeColor(line.colour).stroke();
    if (line.points.length <= 40)
      for (const [x, y] of line.points) doc.circle(ox + x, oy + y, 1.5).fill(line.colour);
  }
  doc.fillColor(COLOUR.muted).fontSize(7);
  for (const tick of g.xTicks)
    doc.text(pdfText(tick.label), ox + tick.x - 30, oy + g.plot.y + g.plot.height + 4, {
      width: 60,
      align: 'center',
      lineBreak: false,
    });
  let lx = ox + g.plot.x;
  for (const item of g.legend.length > 1 ? g.legend : []) {
    doc.rect(lx, oy + 2, 8, 8).fill(item.colour);
    doc.fillColor(COLOUR.text).text(pdfText(item.name), lx + 11, oy + 2.5, { lineBreak: false });
    lx += 11 + doc.widthOfString(pdfText(item.name)) + 12;
  }
  doc.restore();
}
