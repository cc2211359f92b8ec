import { escapeHtml as e } from './html-escape';
import { formatCount } from '../../../shared/wording';
import { formatTime } from './report-format';
import type { ReportModel, ReportTable } from './report-model';
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
import { LEVEL_COLOUR } from './pdf-style';
import { svgChart } from './svg-chart';

/** The raw-record hashes shown under each pin; the export's JSON has all of them. */
const PIN_HASH_ROWS = 25;

const STYLE = `
@page { size: A4; margin: 18mm; }
* { box-sizing: border-box; }
body { font: 10pt/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #1d2430; margin: 0 auto; max-width: 190mm; padding: 12mm 0; }
h1 { font-size: 22pt; margin: 4pt 0; }
h2 { font-size: 15pt; border-bottom: 1.5px solid #2f5d9e; padding-bottom: 3pt; margin: 0 0 8pt; }
h3 { font-size: 12pt; margin: 14pt 0 4pt; }
h4 { font-size: 10pt; margin: 10pt 0 3pt; }
section { break-before: page; padding-top: 6pt; }
.kicker { color: #2f5d9e; font-weight: bold; font-size: 8pt; letter-spacing: .08em; }
.muted { color: #5b6472; }
.small { font-size: 8pt; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2pt 14pt; margin: 6pt 0; }
dt { color: #5b6472; font-weight: bold; }
dd { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; font-size: 8pt; margin: 3pt 0 8pt; }
caption { text-align: left; font-weight: bold; font-size: 9pt; padding-bottom: 2pt; }
th { background: #eef1f5; color: #5b6472; text-align: left; white-space: nowrap; }
th, td { padding: 3pt; border-bottom: .5px solid #c9ced6; vertical-align: top; }
td { overflow-wrap: anywhere; }
tr { break-inside: avoid; }
thead { display: table-header-group; }
.score { font-size: 16pt; font-weight: bold; }
.mono { font-family: "Courier New", Courier, monospace; font-size: 8pt; overflow-wrap: anywhere; }
.note { white-space: pre-wrap; border-left: 3px solid #c9ced6; padding-left: 8pt; margin: 2pt 0 10pt; }
svg.chart { width: 100%; height: auto; font-size: 7px; fill: #5b6472; }
svg.chart .grid { stroke: #c9ced6; stroke-width: .5; }
.figure { break-inside: avoid; margin: 4pt 0 10pt; }
.figure h4 { margin-bottom: 0; }
`;

function dl(pairs: ReadonlyArray<readonly [string, string]>): string {
  return `<dl>${pairs.map(([k, v]) => `<dt>${e(k)}</dt><dd>${e(v)}</dd>`).join('')}</dl>`;
}

function table(t: ReportTable, note = ''): string {
  if (t.rows.length === 0) return '';
  const more =
    t.total > t.rows.length ? `Showing ${t.rows.length} of ${formatCount(t.total)} rows. ` : '';
  return `<table><caption>${e(t.title)}</caption><thead><tr>${t.columns.map((c) => `<th>${e(c)}</th>`).join('')}</tr></thead><tbody>${t.rows
    .map((row) => `<tr>${row.map((cell) => `<td>${e(cell)}</td>`).join('')}</tr>`)
    .join(
      '',
    )}</tbody></table>${more || note ? `<p class="muted small">${e(more + note)}</p>` : ''}`;
}

const sections: Record<ReportModel['sections'][number], (m: ReportModel) => string> = {
  summary: (m) =>
    `<ul>${m.summary.narrative.map((line) => `<li>${e(line)}</li>`).join('')}</ul><p class="muted">${e(activityLine(m))}</p>${table(figuresTable(m))}`,
  incidents: (m) =>
    m.incidents.length === 0
      ? '<p>The analysis raised no incidents in this window.</p>'
      : m.incidents
          .map(
            (i) =>
              `<h3 style="color:${LEVEL_COLOUR[i.severity] ?? 'inherit'}">${e(i.title)}</h3><p class="muted small">Incident ${e(i.id)}</p>${dl(incidentFacts(i))}${table(incidentTimelineTable(i), 'The export’s incident-timeline.csv has every event.')}`,
          )
          .join(''),
  findings: (m) =>
    m.findings
      .map(
        (page) =>
          `<h3>${e(page.title)} · ${page.anomalies} anomal${page.anomalies === 1 ? 'y' : 'ies'}</h3>${dl(
            page.facts.map(
              (f) =>
                [
                  f.label,
                  f.severity && f.severity !== 'none' ? `${f.value} (${f.severity})` : f.value,
                ] as const,
            ),
          )}${page.charts.map((c) => `<div class="figure"><h4>${e(c.title)}</h4>${svgChart(c)}</div>`).join('')}${page.tables.map((t) => table(t)).join('')}`,
      )
      .join(''),
  pins: (m) =>
    m.pins.length === 0
      ? '<p>Nothing was pinned to this case.</p>'
      : m.pins
          .map(
            (p) =>
              `<h3>${e(p.removed ? `${p.label} (removed)` : p.label)}</h3>${dl(pinFacts(p))}${p.rawHashes.length ? table(rawHashTable(p, PIN_HASH_ROWS)) : ''}`,
          )
          .join(''),
  notes: (m) =>
    m.notes.length === 0
      ? '<p>No notes were written on this case.</p>'
      : m.notes
          .map(
            (n) =>
              `<p class="muted small"><strong>${e(n.author)}</strong> · ${e(formatTime(n.at))}${n.amends ? ` · amends note ${e(n.amends)}` : ''}</p><div class="note">${e(n.body)}</div>`,
          )
          .join(''),
  checklist: (m) =>
    m.checklist.length === 0
      ? '<p>This case has no checklist.</p>'
      : `<p>${m.checklist.filter((s) => s.done).length} of ${m.checklist.length} steps done.</p>${table(checklistTable(m))}`,
  history: (m) =>
    m.history.length === 0 ? '<p>No changes were recorded.</p>' : table(historyTable(m)),
};

/**
 * The case report as one self-contained HTML page: inline CSS, inline SVG charts, no script and
 * nothing fetched, every text escaped. It prints on A4 with each section on a new page.
 */
export function renderHtmlReport(model: ReportModel): string {
  const c = model.cover.investigation;
  const risk = riskHeadline(model);
  const cover = `<header>
<div class="kicker">VIGIL · CASE REPORT</div>
<h1>${e(c.title)}</h1>
<p class="muted small">Case ${e(c.id)}</p>
${dl(coverFacts(model))}
<h3>Risk score</h3>
<p class="score" style="color:${LEVEL_COLOUR[model.cover.risk.level] ?? 'inherit'}">${e(risk.score)} · ${e(risk.level)}</p>
${risk.lines.map((line) => `<p class="muted small">${e(line)}</p>`).join('')}
${table(riskPartsTable(model))}
${c.description.trim() ? `<h3>Description</h3><p class="note">${e(c.description)}</p>` : ''}
<h3>Contents</h3><p>${e(model.sections.map((s) => sectionTitles[s]).join(' · ') || 'The cover only.')}</p>
<p class="muted small">${e(generatedLine(model))}</p>
</header>`;
  const body = model.sections
    .map((s) => `<section id="${s}"><h2>${e(sectionTitles[s])}</h2>${sections[s](model)}</section>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(`${c.title} · Vigil case report`)}</title>
<style>${STYLE}</style></head>
<body>
${cover}
${body}
<footer class="muted small"><p>Vigil case report · ${e(c.id)} · Confidential: subject data.</p></footer>
</body></html>
`;
}
