/**
 * The sections a case report can hold, in the order the report prints them. A template
 * chooses which of them its cases' reports carry; the cover is always printed.
 */
export const reportSections = [
  'summary',
  'incidents',
  'findings',
  'pins',
  'notes',
  'checklist',
  'history',
] as const;
export type ReportSection = (typeof reportSections)[number];

export const reportSectionLabels: Record<ReportSection, string> = {
  summary: 'Summary and risk score',
  incidents: 'Incidents and their timelines',
  findings: 'Key findings of each evidence page, with their charts',
  pins: 'Pinned evidence with hashes',
  notes: 'Case notes',
  checklist: 'Checklist',
  history: 'Case history',
};
