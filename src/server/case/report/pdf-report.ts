import type { Readable } from 'node:stream';

import { formatCount } from '../../../shared/wording';
import { formatTime } from './report-format';
import type { ReportModel } from './report-model';
import {
  activityLine,
  checklistTable,
  coverFacts,
  figuresTable,
  generatedLine,
  historyTable,
  incidentFacts,
  incidentTimelineTable,
  pinFacts,
  rawHashTable,
  riskHeadline,
  riskPartsTable,
  sectionTitles,
} from './report-text';
import { COLOUR, FONT, LEVEL_COLOUR, SIZE } from './pdf-style';
import { PdfWriter } from './pdf-writer';

/** The raw-record hashes printed under each pin; the export's JSON has all of them. */
const PIN_HASH_ROWS = 10;

/**
 * The case report as a PDF, streamed as pdfkit writes it.
 *
 * Why pdfkit: it writes each page out as it is finished (a stream, so a long report never sits
 * whole in memory), draws vector paths (our charts are its lines and rectangles, no browser and
 * no Plotly on the server), and ships the metrics of the standard PDF fonts (Helvetica,
 * Courier), so nothing is downloaded or embedded. It is MIT licensed, pure JavaScript (no
 * native build) and runs on Node 20. pdfmake builds the whole document definition in memory
 * and lays it out on top of pdfkit, and needs its fonts supplied as files; @react-pdf/renderer
 * brings React, a Yoga layout engine and fontkit and lays out the whole document before the
 * first byte. Our tables are simple enough to lay out ourselves (PdfWriter.table).
 */
export function renderPdfReport(model: ReportModel): Readable {
  const c = model.cover.investigation;
  const w = new PdfWriter(
    { title: c.title, subject: `Case ${c.id}`, author: model.generatedBy.displayName },
    `Vigil case report · ${c.id} · Confidential: subject data`,
  );
  cover(w, model);
  for (const section of model.sections) {
    w.newPage();
    w.heading(sectionTitles[section], 1);
    sectionWriters[section](w, model);
  }
  w.end();
  return w.doc;
}

function cover(w: PdfWriter, model: ReportModel): void {
  const c = model.cover.investigation;
  w.paragraph('VIGIL · CASE REPORT', { font: FONT.bold, size: SIZE.small, colour: COLOUR.accent });
  w.space(4);
  w.paragraph(c.title, { font: FONT.bold, size: SIZE.title });
  w.paragraph(`Case ${c.id}`, { size: SIZE.small, colour: COLOUR.muted });
  w.space(6);
  w.keyValues(coverFacts(model));
  w.space(6);
  const risk = riskHeadline(model);
  w.heading('Risk score', 2);
  w.paragraph(`${risk.score}   ${risk.level}`, {
    font: FONT.bold,
    size: SIZE.h1,
    colour: LEVEL_COLOUR[model.cover.risk.level] ?? COLOUR.text,
  });
  for (const line of risk.lines) w.paragraph(line, { size: SIZE.small, colour: COLOUR.muted });
  w.space(2);
  w.table(riskPartsTable(model));
  if (c.description.trim()) {
    w.heading('Description', 2);
    w.paragraph(c.description);
  }
  w.heading('Contents', 2);
  w.paragraph(model.sections.map((s) => sectionTitles[s]).join(' · ') || 'The cover only.');
  w.space(4);
  w.paragraph(generatedLine(model), { size: SIZE.small, colour: COLOUR.muted });
}

const sectionWriters: Record<
  ReportModel['sections'][number],
  (w: PdfWriter, m: ReportModel) => void
> = {
  summary(w, model) {
    for (const line of model.summary.narrative) w.bullet(line);
    w.space(4);
    w.paragraph(activityLine(model), { colour: COLOUR.muted });
    w.space(4);
    w.table(figuresTable(model));
  },
  incidents(w, model) {
    if (model.incidents.length === 0)
      w.paragraph('The analysis raised no incidents in this window.');
    for (const incident of model.incidents) {
      w.heading(incident.title, 2, LEVEL_COLOUR[incident.severity] ?? COLOUR.text);
      w.paragraph(`Incident ${incident.id}`, { size: SIZE.small, colour: COLOUR.muted });
      w.keyValues(incidentFacts(incident), 90);
      w.space(3);
      w.table(
        incidentTimelineTable(incident),
        'The export’s incident-timeline.csv has every event.',
      );
    }
  },
  findings(w, model) {
    for (const page of model.findings) {
      // Keep a page's heading, its facts and its first chart together.
      w.ensureSpace(50 + page.facts.length * 14 + (page.charts.length ? 185 : 40));
      w.heading(`${page.title} · ${page.anomalies} anomal${page.anomalies === 1 ? 'y' : 'ies'}`, 2);
      w.keyValues(
        page.facts.map(
          (f) =>
            [
              f.label,
              f.severity && f.severity !== 'none' ? `${f.value} (${f.severity})` : f.value,
            ] as const,
        ),
        170,
      );
      w.space(4);
      for (const chart of page.charts) w.chart(chart);
      for (const table of page.tables) w.table(table);
    }
  },
  pins(w, model) {
    if (model.pins.length === 0) w.paragraph('Nothing was pinned to this case.');
    for (const pin of model.pins) {
      w.heading(pin.removed ? `${pin.label} (removed)` : pin.label, 3);
      w.keyValues(pinFacts(pin), 90);
      if (pin.rawHashes.length) w.table(rawHashTable(pin, PIN_HASH_ROWS));
      w.space(4);
    }
  },
  notes(w, model) {
    if (model.notes.length === 0) w.paragraph('No notes were written on this case.');
    for (const note of model.notes) {
      w.paragraph(
        `${note.author} · ${formatTime(note.at)}${note.amends ? ` · amends note ${note.amends}` : ''}`,
        { font: FONT.bold, size: SIZE.small, colour: COLOUR.muted },
      );
      w.paragraph(note.body, { indent: 8 });
      w.space(4);
    }
  },
  checklist(w, model) {
    if (model.checklist.length === 0) w.paragraph('This case has no checklist.');
    else {
      const done = model.checklist.filter((s) => s.done).length;
      w.paragraph(`${done} of ${model.checklist.length} steps done.`);
      w.table(checklistTable(model));
    }
  },
  history(w, model) {
    if (model.history.length === 0) w.paragraph('No changes were recorded.');
    else {
      w.paragraph(`${formatCount(model.history.length)} entries from the audit log.`, {
        colour: COLOUR.muted,
      });
      w.table(historyTable(model));
    }
  },
};
