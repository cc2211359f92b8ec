/*
 * Reports API applications Vigil may collect, and how long each one's newest window keeps
 * filling. Google's "Data retention and lag times" gives most log events as available "near real
 * time (couple of minutes)", Calendar as "tens of minutes (can also go up to a couple of
 * hours)", and warns that some events come later than that. A window is closed (the cursor
 * passes it) only once its lag is over; until then every poll reads it again, and what was read
 * before keeps one event by its id.
 */

const MINUTE = 60_000;

/** The lag of an application not named below. */
const DEFAULT_LAG_MS = 15 * MINUTE;

/** Applications whose events are documented (or seen) to come later than a few minutes. */
const LAG_MS: Record<string, number> = {
  login: 60 * MINUTE,
  calendar: 3 * 60 * MINUTE,
  token: 30 * MINUTE,
  meet: 30 * MINUTE,
  cloud_search: 4 * 60 * MINUTE,
};

/** How long an application's newest window keeps filling. */
export function lagOf(application: string): number {
  return LAG_MS[application] ?? DEFAULT_LAG_MS;
}

/** The applicationName values of `activities.list` (Admin SDK Reports API). */
export const reportsApplications: readonly string[] = [
  'access_transparency',
  'admin',
  'assignments',
  'calendar',
  'chat',
  'chrome',
  'classroom',
  'cloud_search',
  'context_aware_access',
  'data_studio',
  'drive',
  'gcp',
  'gemini_in_workspace_apps',
  'gmail',
  'gplus',
  'groups',
  'groups_enterprise',
  'jamboard',
  'keep',
  'login',
  'meet',
  'meet_hardware',
  'mobile',
  'profile',
  'rules',
  'saml',
  'takeout',
  'tasks',
  'token',
  'user_accounts',
  'vault',
];
