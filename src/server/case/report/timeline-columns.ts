import { EVENT_COLUMNS } from '../../db/queries/event-columns';
import { csvLine } from './csv';

type EventColumn = (typeof EVENT_COLUMNS)[number];

/**
 * Each event column's heading in the export's two timeline CSVs: the one list, so a column
 * added to EVENT_COLUMNS cannot be printed without a heading (the compiler asks for it).
 */
const TITLES: Record<EventColumn, string> = {
  id: 'Event',
  time: 'Time (UTC)',
  source: 'Source',
  category: 'Category',
  activity: 'Activity',
  action: 'Action',
  outcome: 'Outcome',
  app: 'App',
  target: 'Target',
  file_id: 'File id',
  file_name: 'File',
  file_label: 'Label',
  file_size: 'Size (bytes)',
  file_destination: 'Destination',
  device_name: 'Device',
  repository: 'Repository',
  chat_channel: 'Channel',
  email_subject: 'Mail subject',
  email_attachments: 'Attachments',
  process_name: 'Process',
  command_line: 'Command line',
};

/** The heading of the event's sentence (eventSummary), after its columns. */
const SENTENCE = 'What happened';

/** The header of the subject timeline's CSV: every column of EVENT_COLUMNS, then the sentence. */
export const SUBJECT_CSV_HEADER = csvLine([...EVENT_COLUMNS.map((c) => TITLES[c]), SENTENCE]);

/** The event columns of the incident timeline's CSV, in its order (the time in ISO 8601). */
export const INCIDENT_CSV_COLUMNS = [
  'id',
  'time',
  'source',
  'category',
  'activity',
  'action',
  'outcome',
  'app',
] as const satisfies readonly EventColumn[];

/** The header of the incident timeline's CSV: its columns, the sentence, the incidents. */
export const INCIDENT_CSV_HEADER = csvLine([
  ...INCIDENT_CSV_COLUMNS.map((c) => TITLES[c]),
  SENTENCE,
  'Incidents',
]);
