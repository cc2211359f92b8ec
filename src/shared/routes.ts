/**
 * The one route table of Vigil: the React router, the palette's "Go to" entries, the `nav.*`
 * commands and deep links all read it, so a path is written down exactly once. Framework-free
 * on purpose: no router types leak in, and it runs in the browser and in Node alike. The
 * evidence pages' routes come from the finding catalogue.
 */
import { evidencePages, evidencePageSlugs } from './findings/catalogue';
import type { EvidencePageSlug } from './findings/catalogue';
import { TIMELINE_FILTER_PARAMS } from './timeline-params';

/** One screen: its path template (`:name` marks a parameter), its title and its needs. */
export interface RouteDefinition {
  /** Path template from the product brief; a trailing slash is kept as the brief writes it. */
  readonly path: string;
  /** Human title, used by the palette, tab titles and the `?` sheet. */
  readonly title: string;
  /** True when the screen belongs to one investigation (its path holds `:id`). */
  readonly needsInvestigation: boolean;
  /** True for the admin screens, so the palette can hide them from other users. */
  readonly adminOnly?: boolean;
  /** Optional search parameters the brief names for this screen. */
  readonly searchParams?: readonly string[];
}

/** The evidence page slugs, one evidence route each (the finding catalogue lists them). */
export { evidencePageSlugs };

type EvidenceRoutes = {
  readonly [P in EvidencePageSlug as `evidence.${P}`]: {
    readonly path: `/app/investigations/:id/evidence-locker/${P}`;
    readonly title: string;
    readonly needsInvestigation: true;
    readonly searchParams?: readonly string[];
  };
};

/** One route per evidence page of the finding catalogue: its path, title and search params. */
function evidenceRoutes(): EvidenceRoutes {
  const entries = evidencePageSlugs.map((page) => {
    const definition: { title: string; searchParams?: readonly string[] } = evidencePages[page];
    return [
      `evidence.${page}`,
      {
        path: `/app/investigations/:id/evidence-locker/${page}`,
        title: `Evidence: ${definition.title}`,
        needsInvestigation: true,
        ...(definition.searchParams ? { searchParams: definition.searchParams } : {}),
      },
    ];
  });
  return Object.fromEntries(entries) as EvidenceRoutes;
}

/** The route table, keyed by a stable route id (also the `view` context key's value). */
export const routes = {
  landing: { path: '/', title: 'Welcome', needsInvestigation: false },
  auth: { path: '/auth/', title: 'Sign in', needsInvestigation: false },
  authCallback: { path: '/auth/callback', title: 'Signing in', needsInvestigation: false },
  logGenerator: { path: '/dev/log-generator', title: 'Log generator', needsInvestigation: false },
  dashboard: { path: '/app/', title: 'Dashboard', needsInvestigation: false },
  templates: { path: '/app/templates', title: 'Templates', needsInvestigation: false },
  alerts: {
    path: '/app/alerts',
    title: 'Alerts',
    needsInvestigation: false,
    searchParams: ['status', 'severity', 'ruleId', 'employeeId', 'technique'],
  },
  alert: { path: '/app/alerts/:alertId', title: 'Alert', needsInvestigation: false },
  hunt: {
    path: '/app/hunt',
    title: 'Hunt',
    needsInvestigation: false,
    searchParams: ['q', 'last', 'from', 'to'],
  },
  investigations: {
    path: '/app/investigations/',
    title: 'Investigations',
    needsInvestigation: false,
  },
  investigation: {
    path: '/app/investigations/:id',
    title: 'Investigation overview',
    needsInvestigation: true,
  },
  mitre: {
    path: '/app/investigations/:id/mitre',
    title: 'MITRE ATT&CK techniques',
    needsInvestigation: true,
  },
  incidents: {
    path: '/app/investigations/:id/incidents/',
    title: 'Incidents',
    needsInvestigation: true,
    searchParams: ['technique'],
  },
  incident: {
    path: '/app/investigations/:id/incidents/:incidentId',
    title: 'Incident timeline',
    needsInvestigation: true,
    searchParams: ['technique'],
  },
  subjectTimeline: {
    path: '/app/investigations/:id/timeline',
    title: 'Subject timeline',
    needsInvestigation: true,
    searchParams: [...TIMELINE_FILTER_PARAMS, 'from', 'to', 'at'],
  },
  evidenceLocker: {
    path: '/app/investigations/:id/evidence-locker',
    title: 'Evidence locker',
    needsInvestigation: true,
  },
  ...evidenceRoutes(),
  integrations: { path: '/app/integrations/', title: 'Integrations', needsInvestigation: false },
  integrationSettings: {
    path: '/app/integrations/settings/:integrationId',
    title: 'Integration settings',
    needsInvestigation: false,
  },
  /** Records of an integration that could not become events (`command-line` for CLI batches). */
  integrationQuarantine: {
    path: '/app/integrations/quarantine/:integrationId',
    title: 'Quarantine',
    needsInvestigation: false,
    searchParams: ['reason'],
  },
  employees: {
    path: '/app/employees/',
    title: 'Employees',
    needsInvestigation: false,
    searchParams: ['employee', 'sort'],
  },
  configuration: {
    path: '/app/configuration/',
    title: 'Configuration',
    needsInvestigation: false,
  },
  manageUsers: {
    path: '/app/admin/manage-users',
    title: 'Manage users',
    needsInvestigation: false,
    adminOnly: true,
  },
  manageRoles: {
    path: '/app/admin/manage-global-roles',
    title: 'Manage global roles',
    needsInvestigation: false,
    adminOnly: true,
  },
  detectionRules: {
    path: '/app/admin/detection-rules',
    title: 'Detection rules',
    needsInvestigation: false,
    adminOnly: true,
    searchParams: ['policy', 'format', 'rule'],
  },
  watchlists: {
    path: '/app/admin/watchlists',
    title: 'Watchlists',
    needsInvestigation: false,
    adminOnly: true,
  },
  apiTokens: {
    path: '/app/admin/api-tokens',
    title: 'API tokens',
    needsInvestigation: false,
    adminOnly: true,
  },
  audit: {
    path: '/app/admin/audit',
    title: 'Audit log',
    needsInvestigation: false,
    searchParams: ['user', 'person', 'case', 'action', 'from', 'to'],
  },
  privacyReveals: {
    path: '/app/privacy/reveals',
    title: 'Reveal requests',
    needsInvestigation: false,
    searchParams: ['status'],
  },
  notificationChannels: {
    path: '/app/admin/notifications/channels',
    title: 'Notification channels',
    needsInvestigation: false,
    adminOnly: true,
  },
  notificationRules: {
    path: '/app/admin/notifications/rules',
    title: 'Notification rules',
    needsInvestigation: false,
    adminOnly: true,
  },
  notificationDeliveries: {
    path: '/app/admin/notifications/deliveries',
    title: 'Delivery log',
    needsInvestigation: false,
    adminOnly: true,
    searchParams: ['channel', 'status'],
  },
  privacySettings: {
    path: '/app/admin/privacy',
    title: 'Privacy settings',
    needsInvestigation: false,
  },
  settings: { path: '/app/settings', title: 'Settings', needsInvestigation: false },
} as const satisfies Record<string, RouteDefinition>;

/** A stable route id such as `investigations` or `evidence.file-access`. */
export type RouteId = keyof typeof routes;

/** Every route id, in table order. */
export const routeIds = Object.keys(routes) as RouteId[];

type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The parameters a route's path needs, e.g. `{ id: string; incidentId: string }`. */
export type RouteParams<R extends RouteId> = {
  [K in ParamNames<(typeof routes)[R]['path']>]: string;
};

/** Search parameters for a deep link; undefined and null values are left out. */
export type SearchValues = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** Whether a path belongs to the signed-in workspace (everything under /app and /dev). */
export function isWorkspacePath(pathname: string): boolean {
  return /^\/(app|dev)(\/|$)/.test(pathname);
}

/** True when `value` names a route, for ids that arrive as data (keymap args, URLs). */
export function isRouteId(value: unknown): value is RouteId {
  return typeof value === 'string' && Object.hasOwn(routes, value);
}

/**
 * The URL of a route with its parameters filled in (each one URI-encoded) and an optional
 * query string. Throws when a parameter is missing, because a link with `:id` left in it
 * would silently lead to "Not Found".
 */
export function buildPath<R extends RouteId>(
  routeId: R,
  params: RouteParams<R>,
  search?: SearchValues,
): string {
  const values = params as Readonly<Record<string, string | undefined>>;
  const path = routes[routeId].path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') {
      throw new Error(`Route '${routeId}' needs the parameter '${name}'.`);
    }
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(search ?? {})) {
    if (value !== undefined && value !== null) query.append(name, String(value));
  }
  const queryText = query.toString();
  return queryText === '' ? path : `${path}?${queryText}`;
}

/** A pathname recognised as one route, with its decoded parameters. */
export interface RouteMatch {
  readonly routeId: RouteId;
  readonly params: Readonly<Record<string, string>>;
}

// Trailing slashes are optional when matching: the brief mixes `/app/` and `/app/templates`,
// and a user typing either form should land on the same screen.
function segments(path: string): string[] {
  return path.split('/').filter((part) => part !== '');
}

const compiled = routeIds.map((routeId) => ({ routeId, parts: segments(routes[routeId].path) }));

/**
 * The route a pathname shows, or null for "Not Found". A query string or hash is ignored;
 * a trailing slash is optional; static segments must match exactly and `:name` segments
 * match any one non-empty segment.
 */
export function matchPath(pathname: string): RouteMatch | null {
  const parts = segments(pathname.replace(/[?#].*$/, ''));
  for (const { routeId, parts: template } of compiled) {
    if (template.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = template.every((part, index) => {
      const actual = parts[index] ?? '';
      if (!part.startsWith(':')) return part === actual;
      const value = safeDecode(actual);
      if (value === null) return false;
      params[part.slice(1)] = value;
      return true;
    });
    if (matches) return { routeId, params };
  }
  return null;
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
