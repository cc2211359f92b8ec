import { vi } from 'vitest';

import type { Permission } from '../../../../src/shared/permissions';
import type {
  DetectionPolicy,
  DetectionRule,
  TestDetectionRuleReply,
} from '../../../../src/shared/schemas/detection-rules';
import type { DirectoryEmployee } from '../../../../src/shared/schemas/employees';
import type { Watchlist } from '../../../../src/shared/schemas/watchlists';
import { me } from '../alerts/fake-alerts-api';

/** One rule as the server would list it, with what the test cares about. */
export function rule(id: string, overrides: Partial<DetectionRule> = {}): DetectionRule {
  return {
    id,
    title: `Rule ${id}`,
    description: `What ${id} looks for.`,
    severity: 'high',
    techniques: ['T1052.001'],
    format: 'vigil',
    origin: 'shipped',
    enabled: true,
    disabledReason: null,
    watchlist: null,
    raiseOn: null,
    policies: [],
    createdBy: null,
    createdAt: null,
    source: `{ "id": "${id}" }`,
    ...overrides,
  };
}

/** The three presets, as policies.json names them. */
export const POLICIES: DetectionPolicy[] = [
  {
    id: 'departing-data-theft',
    title: 'Data theft by departing employees',
    description: 'People leaving with data.',
    rules: ['bulk-download-then-usb'],
  },
  { id: 'data-leaks', title: 'Data leaks', description: 'Data leaving.', rules: [] },
  {
    id: 'security-policy-violations',
    title: 'Security policy violations',
    description: 'Controls switched off.',
    rules: ['event-log-cleared'],
  },
];

export const WATCHLISTS: Watchlist[] = [
  {
    id: 'departing',
    name: 'Departing employees',
    description: 'People leaving.',
    kind: 'derived',
    members: 7,
    createdAt: null,
  },
];

/** An admin who may read and change detection rules. */
export const RULE_ADMIN: Permission[] = [
  'investigations.read',
  'investigations.read_all',
  'evidence.read',
  'employees.read',
  'configuration.manage',
];

/** A request the page sent: method, path with query, and JSON body. */
export interface SentRequest {
  method: string;
  url: URL;
  body: unknown;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    statusText:
      status === 200 || status === 201 ? 'OK' : status === 400 ? 'Bad Request' : 'Conflict',
    headers: { 'content-type': 'application/json' },
  });

/**
 * A stand-in for the detection API on `fetch`: lists the rules, switches them, deletes custom
 * ones (a shipped one is a 409, as on the server), adds and tests rule texts with the replies
 * given, and records every request. `refuseNext` makes the next change fail with that reply.
 */
export function fakeDetectionApi(
  initial: DetectionRule[],
  options: {
    permissions?: Permission[];
    employees?: DirectoryEmployee[];
    testReply?: TestDetectionRuleReply;
    added?: DetectionRule[];
  } = {},
) {
  let rules = [...initial];
  const sent: SentRequest[] = [];
  let refusal: { status: number; body: unknown } | null = null;

  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://vigil.test');
    const method = init?.method ?? 'GET';
    const body =
      typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    sent.push({ method, url, body });
    const path = url.pathname.replace('/api/app', '');
    if (path === '/auth/me') return json(200, me(options.permissions ?? RULE_ADMIN));
    if (path === '/watchlists' && method === 'GET') return json(200, { watchlists: WATCHLISTS });
    if (path === '/identity/employees') {
      const people = options.employees ?? [];
      return json(200, { employees: people, total: people.length });
    }
    if (method !== 'GET' && refusal) {
      const reply = refusal;
      refusal = null;
      return json(reply.status, reply.body);
    }
    if (path === '/watchlists' && method === 'POST') {
      const ids = (body!.employeeIds as string[] | undefined) ?? [];
      return json(201, {
        id: 'kept-1',
        name: body!.name,
        description: body!.description ?? '',
        kind: 'kept',
        members: ids.length,
        createdAt: Date.UTC(2026, 10, 4),
      });
    }
    if (path === '/detection/rules' && method === 'GET')
      return json(200, { rules, policies: POLICIES });
    if (path === '/detection/rules/test' && method === 'POST') return json(200, options.testReply);
    if (path === '/detection/rules' && method === 'POST') {
      const added = (options.added ?? []).map((r) => ({ ...r, enabled: false }));
      rules = [...rules, ...added];
      return json(201, { rules: added });
    }
    const one = /^\/detection\/rules\/([^/]+)$/.exec(path);
    const found = one ? rules.find((r) => r.id === decodeURIComponent(one[1]!)) : undefined;
    if (one && !found) return json(404, { error: 'Not Found', message: 'No such rule.' });
    if (found && method === 'PATCH') {
      const updated = { ...found, enabled: Boolean(body!.enabled) };
      rules = rules.map((r) => (r.id === found.id ? updated : r));
      return json(200, updated);
    }
    if (found && method === 'DELETE') {
      if (found.origin === 'shipped')
        return json(409, { error: 'Conflict', message: 'A shipped rule can only be disabled.' });
      rules = rules.filter((r) => r.id !== found.id);
      return new Response(null, { status: 204 });
    }
    return json(404, { error: 'Not Found', message: `No route ${method} ${path}` });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    sent,
    /** Requests that change something or test (not GETs). */
    changes: () => sent.filter((r) => r.method !== 'GET'),
    refuseNext(status: number, body: unknown) {
      refusal = { status, body };
    },
  };
}
