import PDFDocument from 'pdfkit';

import { chartGeometry } from './chart-geometry';
import { drawChart } from './pdf-chart';
import { pdfText } from './pdf-text';
import { COLOUR, FONT, PAGE, SIZE } from './pdf-style';
import type { ReportChart } from '../../analysis/findings/topic-report';
import type { ReportTable } from './report-model';

const CELL_PAD = 3;
const MAX_CELL_CHARS = 400;

/**
 * The report's page layout over a pdfkit document: headings, paragraphs, key-value lists,
 * tables that break across pages with their header repeated, and charts drawn as vectors. Every
 * text goes through `pdfText` first. Each page carries a running footer.
 */
export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  private page = 0;

  constructor(
    info: { title: string; subject: string; author: string },
    private readonly footer: string,
  ) {
    this.doc = new PDFDocument({
      size: PAGE.size,
      margins: { top: PAGE.margin, bottom: PAGE.margin + 8, left: PAGE.margin, right: PAGE.margin },
      info: {
        Title: pdfText(info.title),
        Subject: pdfText(info.subject),
        Author: pdfText(info.author),
        Creator: 'Vigil',
      },
      autoFirstPage: false,
      font: FONT.regular,
    });
    this.doc.on('pageAdded', () => this.drawFooter());
    this.doc.addPage();
  }

  get width(): number {
    return this.doc.page.width - PAGE.margin * 2;
  }
  private get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }
  private get left(): number {
    return PAGE.margin;
  }

  private drawFooter(): void {
    this.page++;
    const { doc } = this;
    const bottomMargin = doc.page.margins.bottom;
    // Writing inside the bottom margin would start a new page; lift it while the footer is drawn.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - PAGE.footer;
    doc.save();
    doc
      .moveTo(PAGE.margin, y - 6)
      .lineTo(doc.page.width - PAGE.margin, y - 6)
      .lineWidth(0.5)
      .strokeColor(COLOUR.rule)
      .stroke();
    doc.font(FONT.regular).fontSize(SIZE.small).fillColor(COLOUR.muted);
    doc.text(pdfText(this.footer), PAGE.margin, y, { width: this.width - 60, lineBreak: false });
    doc.text(`Page ${this.page}`, PAGE.margin, y, {
      width: this.width,
      align: 'right',
      lineBreak: false,
    });
    doc.restore();
    doc.page.margins.bottom = bottomMargin;
    doc.x = PAGE.margin;
    doc.y = doc.page.margins.top;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensureSpace(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  newPage(): void {
    this.doc.addPage();
  }

  space(points: number): void {
    this.doc.y += points;
  }

  /** A heading; level 1 opens a section, and keeps at least a few lines with what follows. */
  heading(text: string, level: 1 | 2 | 3, colour: string = COLOUR.text): void {
    const size = level === 1 ? SIZE.h1 : level === 2 ? SIZE.h2 : SIZE.h3;
    // A heading keeps the first lines of what it heads on its page.
    this.ensureSpace(level === 1 ? 140 : level === 2 ? 100 : 60);
    if (this.doc.y > this.doc.page.margins.top) this.space(level === 1 ? 10 : 6);
    this.doc.font(FONT.bold).fontSize(size).fillColor(colour);
    this.doc.text(pdfText(text), this.left, this.doc.y, { width: this.width });
    if (level === 1) {
      const y = this.doc.y + 2;
      this.doc
        .moveTo(this.left, y)
        .lineTo(this.left + this.width, y)
        .lineWidth(0.8)
        .strokeColor(COLOUR.accent)
        .stroke();
      this.space(8);
    } else this.space(3);
  }

  /** A paragraph of body text. */
  paragraph(
    text: string,
    options: { font?: string; size?: number; colour?: string; indent?: number } = {},
  ): void {
    const size = options.size ?? SIZE.body;
    this.doc
      .font(options.font ?? FONT.regular)
      .fontSize(size)
      .fillColor(options.colour ?? COLOUR.text);
    const indent = options.indent ?? 0;
    const clean = pdfText(text);
    this.ensureSpace(
      Math.min(this.doc.heightOfString(clean, { width: this.width - indent }), size * 3),
    );
    this.doc.text(clean, this.left + indent, this.doc.y, {
      width: this.width - indent,
      lineGap: 1.5,
    });
    this.space(3);
  }

  /** A bulleted line. */
  bullet(text: string): void {
    this.doc.font(FONT.regular).fontSize(SIZE.body).fillColor(COLOUR.text);
    const clean = pdfText(text);
    this.ensureSpace(this.doc.heightOfString(clean, { width: this.width - 12 }));
    const y = this.doc.y;
    this.doc.text('•', this.left + 2, y, { lineBreak: false });
    this.doc.text(clean, this.left + 12, y, { width: this.width - 12, lineGap: 1.5 });
    this.space(2);
  }

  /** Label-value pairs in two aligned columns. */
  keyValues(pairs: ReadonlyArray<readonly [string, string]>, labelWidth = 120): void {
    for (const [label, value] of pairs) {
      const clean = pdfText(value);
      const labelText = pdfText(label);
      this.doc.font(FONT.bold).fontSize(SIZE.body);
      const labelHeight = this.doc.heightOfString(labelText, { width: labelWidth - 8 });
      this.doc.font(FONT.regular);
      const height = Math.max(
        labelHeight,
        this.doc.heightOfString(clean, { width: this.width - labelWidth, lineGap: 1 }),
      );
      this.ensureSpace(height);
      const y = this.doc.y;
      this.doc
        .font(FONT.bold)
        .fillColor(COLOUR.muted)
        .text(pdfText(label), this.left, y, { width: labelWidth - 8 });
      this.doc
        .font(FONT.regular)
        .fillColor(COLOUR.text)
        .text(clean, this.left + labelWidth, y, { width: this.width - labelWidth, lineGap: 1 });
      this.doc.y = Math.max(this.doc.y, y + height) + 2.5;
    }
  }

  /** A table whose columns share the width by their content; rows break across pages. */
  table(table: ReportTable, note?: string): void {
    if (table.rows.length === 0) return;
    const { doc } = this;
    const columns = table.columns.map(pdfText);
    const rows = table.rows.map((row) =>
      row.map((cell) =>
        pdfText(cell.length > MAX_CELL_CHARS ? `${cell.slice(0, MAX_CELL_CHARS - 1)}…` : cell),
      ),
    );
    const widths = this.columnWidths(columns, rows);
    this.ensureSpace(SIZE.table * 6);
    doc
      .font(FONT.bold)
      .fontSize(SIZE.h3 - 1)
      .fillColor(COLOUR.text);
    doc.text(pdfText(table.title), this.left, doc.y, { width: this.width });
    this.space(2);
    const drawHeader = () => {
      doc.font(FONT.bold).fontSize(SIZE.table);
      const height =
        Math.max(
          ...columns.map((c, i) => doc.heightOfString(c, { width: widths[i]! - CELL_PAD * 2 })),
        ) +
        CELL_PAD * 2;
      const y = doc.y;
      doc.rect(this.left, y, this.width, height).fill(COLOUR.faint);
      doc.fillColor(COLOUR.muted);
      let x = this.left;
      columns.forEach((c, i) => {
        doc.text(c, x + CELL_PAD, y + CELL_PAD, { width: widths[i]! - CELL_PAD * 2 });
        x += widths[i]!;
      });
      doc.y = y + height;
    };
    drawHeader();
    for (const row of rows) {
      doc.font(FONT.regular).fontSize(SIZE.table);
      const height =
        Math.max(...row.map((cell, i) => this.cellHeight(cell, widths[i]! - CELL_PAD * 2))) +
        CELL_PAD * 2;
      if (doc.y + height > this.bottom) {
        doc.addPage();
        doc
          .font(FONT.bold)
          .fontSize(SIZE.h3 - 1)
          .fillColor(COLOUR.muted);
        doc.text(pdfText(`${table.title} (continued)`), this.left, doc.y, { width: this.width });
        this.space(2);
        drawHeader();
        doc.font(FONT.regular).fontSize(SIZE.table);
      }
      const y = doc.y;
      doc.fillColor(COLOUR.text);
      let x = this.left;
      row.forEach((cell, i) => {
        doc.text(cell, x + CELL_PAD, y + CELL_PAD, { width: widths[i]! - CELL_PAD * 2 });
        x += widths[i]!;
      });
      doc
        .moveTo(this.left, y + height)
        .lineTo(this.left + this.width, y + height)
        .lineWidth(0.3)
        .strokeColor(COLOUR.rule)
        .stroke();
      doc.y = y + height;
    }
    const more =
      table.total > table.rows.length
        ? `Showing ${table.rows.length} of ${table.total.toLocaleString('en-US')} rows. `
        : '';
    if (more || note) {
      this.space(2);
      this.paragraph(`${more}${note ?? ''}`, { size: SIZE.small, colour: COLOUR.muted });
    }
    this.space(6);
  }

  /** A cell's height: one line when it fits (measuring a wrap costs far more). */
  private cellHeight(text: string, width: number): number {
    const { doc } = this;
    if (!text.includes('\n') && doc.widthOfString(text) <= width)
      return doc.currentLineHeight(true);
    return doc.heightOfString(text || ' ', { width });
  }

  /**
   * Column widths: each column gets at least its longest word (so no word is broken when it
   * fits), and the width left over is shared in proportion to how much more each would use.
   */
  private columnWidths(columns: string[], rows: string[][]): number[] {
    const { doc } = this;
    doc.fontSize(SIZE.table);
    const pad = CELL_PAD * 2 + 1;
    const longestWord = (text: string) =>
      Math.max(0, ...text.split(/\s+/).map((word) => doc.widthOfString(word)));
    const sample = rows.slice(0, 60);
    const measured = columns.map((column, i) => {
      doc.font(FONT.bold);
      let min = Math.min(longestWord(column), 70);
      let natural = Math.min(doc.widthOfString(column), 90);
      doc.font(FONT.regular);
      for (const row of sample) {
        const cell = row[i] ?? '';
        min = Math.max(min, Math.min(longestWord(cell), 110));
        natural = Math.max(natural, doc.widthOfString(cell));
      }
      return { min: min + pad, natural: Math.max(min, Math.min(natural, 300)) + pad };
    });
    const minTotal = measured.reduce((sum, m) => sum + m.min, 0);
    if (minTotal >= this.width) return measured.map((m) => (m.min * this.width) / minTotal);
    const wants = measured.reduce((sum, m) => sum + (m.natural - m.min), 0);
    const spare = this.width - minTotal;
    if (wants <= spare) {
      const extra = (spare - wants) / measured.length;
      return measured.map((m) => m.natural + extra);
    }
    return measured.map((m) => m.min + ((m.natural - m.min) * spare) / wants);
  }

  /** A bar or line chart of a figure's series, with its axis, grid and legend. */
  chart(chart: ReportChart, height = 150): void {
    const { doc } = this;
    this.ensureSpace(height + 24);
    doc
      .font(FONT.bold)
      .fontSize(SIZE.h3 - 1)
      .fillColor(COLOUR.text)
      .text(pdfText(chart.title), this.left, doc.y, { width: this.width });
    this.space(3);
    const top = doc.y;
    drawChart(doc, chartGeometry(chart, this.width, height), this.left, top);
    doc.x = this.left;
    doc.y = top + height + 8;
  }

  /** Ends the document; its stream then ends after the last bytes. */
  end(): void {
    this.doc.end();
  }
}
