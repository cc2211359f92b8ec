/**
 * The subject timeline's filter parameters, as its URL and its API take them: one list for the
 * route table and the page that reads them (see timelineQuerySchema for what each means).
 */

/** The filters figures link with beyond the event's columns. */
export const FIGURE_PARAMS = [
  'weekday',
  'hour',
  'offHours',
  'days',
  'files',
  'flag',
  'attachments',
  'process',
  'counterpart',
  'ids',
] as const;

/** Every filter, in the order the filter bar shows them. */
export const TIMELINE_FILTER_PARAMS = [
  'source',
  'activity',
  'label',
  'category',
  'destination',
  'outcome',
  'app',
  'q',
  ...FIGURE_PARAMS,
] as const;
