/**
 * The retention section of the privacy settings screen (events, closed cases, audit log, and
 * the last run's summary). Owned by the retention work; rendered by the privacy settings screen.
 */
export function RetentionSettings() {
  return null;
}
