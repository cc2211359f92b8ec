import { vi } from 'vitest';

import type { Permission } from '../../../../src/shared/permissions';
import type { AlertDetail, AlertSummary } from '../../../../src/shared/schemas/alerts';
import type { MeReply } from '../../../../src/shared/schemas/auth';

/** One alert as the server would list it, with what the test cares about. */
export function alert(id: string, overrides: Partial<AlertSummary> = {}): AlertSummary {
  return {
    id,
    ruleId: 'bulk-download-then-usb',
    title: 'Bulk download, then USB',
    severity: 'high',
    status: 'new',
    subject: {
      id: `E${id}`,
      fullName: `Person ${id}`,
      pseudonym: 'Person 0000-0000',
      identity: 'open' as const,
      email: `${id}@northwind.example`,
      department: 'Sales',
      title: null,
    },
    techniques: ['T1052.001'],
    itm: ['ME005'],
    firstSeen: Date.UTC(2026, 10, 1, 9),
    lastSeen: Date.UTC(2026, 10, 2, 17),
    eventCount: 12,
    why: '212 files downloaded in an hour, then 40 written to USB.',
    assignee: null,
    reason: null,
    investigationId: null,
    createdAt: Date.UTC(2026, 10, 2, 18),
    updatedAt: Date.UTC(2026, 10, 2, 18),
    ...overrides,
  };
}

/** The signed-in user of the tests, with the permissions given. */
export function me(permissions: Permission[]): MeReply {
  return {
    user: { id: 'u1', email: 'ines@vigil.test', displayName: 'Inès Investigator' },
    roles: [{ id: 'investigator', name: 'Investigator' }],
    permissions,
    session: { createdAt: 0, expiresAt: Date.now() + 3_600_000, idleTimeoutMs: 1_800_000 },
    passwordChangeRequired: false,
  };
}

/** Every permission an investigator who triages alerts has. */
export const TRIAGER: Permission[] = [
  'investigations.read',
  'investigations.read_all',
  'investigations.write',
  'evidence.read',
  'evidence.write',
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
    statusText: status === 200 ? 'OK' : status === 400 ? 'Bad Request' : 'Error',
    headers: { 'content-type': 'application/json' },
  });

/**
 * A stand-in for the alerts API on `fetch`: lists the alerts (filtered by status and severity,
 * in the order given), applies PATCH and bulk changes to them, escalates, and records every
 * request. `refuse` makes the next change fail with the given reply.
 */
export function fakeAlertsApi(initial: AlertSummary[], permissions: Permission[] = TRIAGER) {
  let alerts = [...initial];
  const sent: SentRequest[] = [];
  let refusal: { status: number; body: unknown } | null = null;
  const users = [
    { id: 'u1', displayName: 'Inès Investigator', email: 'ines@vigil.test' },
    { id: 'u2', displayName: 'Ada Park', email: 'ada@vigil.test' },
  ];
  const patch = (id: string, body: Record<string, unknown>) => {
    alerts = alerts.map((a) =>
      a.id !== id
        ? a
        : {
            ...a,
            ...(body.status ? { status: body.status as AlertSummary['status'] } : {}),
            ...(body.reason ? { reason: body.reason as string } : {}),
            ...('assigneeId' in body
              ? { assignee: users.find((u) => u.id === body.assigneeId) ?? null }
              : {}),
          },
    );
    return alerts.find((a) => a.id === id)!;
  };

  // The HTTP client calls fetch with a path string and a JSON string body.
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://vigil.test');
    const method = init?.method ?? 'GET';
    const body =
      typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
    sent.push({ method, url, body });
    const path = url.pathname.replace('/api/app', '');
    if (path === '/auth/me') return json(200, me(permissions));
    if (path === '/users') return json(200, { users });
    if (method !== 'GET' && refusal) {
      const reply = refusal;
      refusal = null;
      return json(reply.status, reply.body);
    }
    if (path === '/alerts' && method === 'GET') {
      const status = url.searchParams.get('status');
      const severity = url.searchParams.get('severity');
      const rows = alerts.filter(
        (a) => (!status || a.status === status) && (!severity || a.severity === severity),
      );
      return json(200, { alerts: rows, total: rows.length, next: null });
    }
    if (path === '/alerts/bulk' && method === 'POST') {
      const ids = body!.ids as string[];
      const status = { dismiss: 'dismissed', review: 'in_review', reopen: 'new' }[
        body!.action as string
      ];
      for (const id of ids)
        patch(id, { ...(status ? { status } : {}), ...body, action: undefined });
      return json(200, { updated: ids.length });
    }
    const escalate = /^\/alerts\/([^/]+)\/investigation$/.exec(path);
    if (escalate && method === 'POST') {
      patch(escalate[1]!, { status: 'escalated' });
      return json(200, { investigationId: 'inv-9', created: true });
    }
    const one = /^\/alerts\/([^/]+)$/.exec(path);
    if (one && method === 'PATCH') return json(200, patch(one[1]!, body!));
    if (one && method === 'GET') {
      const found = alerts.find((a) => a.id === one[1]);
      if (!found) return json(404, { error: 'Not Found', message: 'No such alert.' });
      const detail: AlertDetail = {
        ...found,
        description: 'Many files downloaded, then copied to a removable drive.',
        events: [
          {
            id: `${found.id}-e1`,
            time: found.firstSeen,
            source: 'm365',
            category: 'file',
            activity: 'file_download',
            action: 'FileDownloaded',
            outcome: 'success',
            app: 'SharePoint',
            target: 'Q3 plan.xlsx',
            fileName: 'Q3 plan.xlsx',
            fileLabel: 'Confidential',
            destination: null,
            device: null,
            summary: 'Downloaded Q3 plan.xlsx from SharePoint',
            raw: { Operation: 'FileDownloaded', SourceFileName: 'Q3 plan.xlsx' },
          },
        ],
        eventsTruncated: false,
      };
      return json(200, detail);
    }
    return json(404, { error: 'Not Found', message: `No route ${method} ${path}` });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    sent,
    /** Requests that change something (not GETs). */
    changes: () => sent.filter((r) => r.method !== 'GET'),
    /** The list requests' query strings, in order. */
    listQueries: () =>
      sent.filter((r) => r.url.pathname === '/api/app/alerts').map((r) => r.url.search),
    refuseNext(status: number, body: unknown) {
      refusal = { status, body };
    },
  };
}
