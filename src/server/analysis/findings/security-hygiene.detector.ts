import type { Severity } from '../../../shared/schemas/findings/common';
import type {
  HygieneCheckId,
  HygieneItem,
  SecurityHygieneDetail,
  SecurityHygieneReply,
} from '../../../shared/schemas/findings/security-hygiene';
import { hygieneCheckIds } from '../../../shared/schemas/findings/security-hygiene';
import { dailyGroups } from '../../db/queries/findings/daily-groups';
import { inventoryDevices } from '../../db/queries/findings/devices';
import { eventsByIds, listEvents } from '../../db/queries/findings/event-rows';
import { flagCounts, flaggedEvents } from '../../db/queries/findings/flags';
import { notFound } from '../../domain-error';
import { defineDetector, severityAt } from './define-detector';
import type { FindingContext } from './finding-context';
import { commandPatternById } from './powershell-patterns';
import { presentEvent } from '../../presenters/event';
import { securityHygieneParts } from './security-hygiene.report';

interface Check {
  id: HygieneCheckId;
  title: string;
  description: string;
  activities: readonly string[];
  /** Command patterns (event_flags 'command') that also count. */
  patterns: readonly string[];
  severity: (count: number, worstDay: number) => Severity;
}

const checks: readonly Check[] = [
  {
    id: 'mfa-disabled',
    title: 'MFA disabled or bypassed',
    description: 'A multi-factor authentication factor was removed, reset or bypassed.',
    activities: ['mfa_disable', 'mfa_bypass'],
    patterns: [],
    severity: (n) => (n > 0 ? 'high' : 'none'),
  },
  {
    id: 'failed-sign-ins',
    title: 'Repeated failed sign-ins',
    description: 'Sign-ins that failed; several on one day suggest guessing or a shared account.',
    activities: ['login_failed'],
    patterns: [],
    severity: (n, worst) => (worst >= 10 ? 'high' : worst >= 5 ? 'medium' : n > 0 ? 'low' : 'none'),
  },
  {
    id: 'password-resets',
    title: 'Password resets',
    description: 'Passwords reset or changed.',
    activities: ['password_reset', 'password_change'],
    patterns: [],
    severity: (n) => (n > 3 ? 'medium' : n > 0 ? 'low' : 'none'),
  },
  {
    id: 'security-tools-tampered',
    title: 'Security tools tampered with',
    description: 'Endpoint protection turned off, excluded or stopped.',
    activities: ['security_tool_tamper'],
    patterns: ['defender-disabled', 'defender-exclusion', 'security-service-stopped'],
    severity: (n) => (n > 0 ? 'critical' : 'none'),
  },
  {
    id: 'logs-cleared',
    title: 'Logs or history cleared',
    description: 'Windows event logs or PowerShell history erased.',
    activities: ['log_clear'],
    patterns: ['event-log-cleared', 'history-removed'],
    severity: (n) => (n > 0 ? 'critical' : 'none'),
  },
  {
    id: 'unmanaged-devices',
    title: 'Unmanaged devices',
    description: 'Devices not enrolled in device management checked in for the subject.',
    activities: [],
    patterns: [],
    severity: (n) => (n > 0 ? 'medium' : 'none'),
  },
  {
    id: 'admin-rights',
    title: 'Admin rights added',
    description: 'Administrator privileges or roles granted to the subject.',
    activities: ['admin_granted', 'role_granted'],
    patterns: [],
    severity: (n) => (n > 0 ? 'high' : 'none'),
  },
];

/**
 * What a check counts (its activities, flagged command patterns, unmanaged devices), so the
 * risk score's security hygiene part can list exactly the events behind what it counted.
 */
export function hygieneCheckEvents(id: HygieneCheckId): {
  activities: readonly string[];
  commandPatterns: readonly string[];
  unmanagedDevices: boolean;
} {
  const check = checks.find((c) => c.id === id)!;
  return {
    activities: check.activities,
    commandPatterns: check.patterns,
    unmanagedDevices: check.id === 'unmanaged-devices',
  };
}

const order: Severity[] = ['critical', 'high', 'medium', 'low', 'none'];

async function evaluate(ctx: FindingContext): Promise<HygieneItem[]> {
  const activities = checks.flatMap((c) => c.activities);
  const [perDay, commands, devices] = await Promise.all([
    dailyGroups(ctx.db, ctx.build, ctx.window, ['activity', 'day'], { activities }),
    flagCounts(ctx.db, ctx.subject.id, ctx.window, 'command'),
    inventoryDevices(ctx.db, ctx.dialect, ctx.subject.id, ctx.window),
  ]);
  return checks
    .map((check): HygieneItem => {
      const days = perDay.filter((g) => check.activities.includes(g.activity ?? ''));
      const flags = commands.filter((c) => check.patterns.includes(c.detail));
      const unmanaged =
        check.id === 'unmanaged-devices' ? devices.filter((d) => d.managed === 0) : [];
      const count =
        days.reduce((s, g) => s + g.n, 0) +
        flags.reduce((s, f) => s + f.events, 0) +
        unmanaged.length;
      const times = [
        ...days.flatMap((g) => [g.firstTime, g.lastTime]),
        ...flags.flatMap((f) => [f.first, f.last]),
        ...unmanaged.flatMap((d) => [d.first, d.last]),
      ];
      const worstDay = days.reduce((m, g) => Math.max(m, g.n), 0);
      return {
        id: check.id,
        title: check.title,
        severity: check.severity(count, worstDay),
        count,
        firstSeen: times.length ? Math.min(...times) : null,
        lastSeen: times.length ? Math.max(...times) : null,
        description: check.description,
      };
    })
    .sort((a, b) => order.indexOf(a.severity) - order.indexOf(b.severity));
}

/** GET findings/security-hygiene: every check, worst first. */
async function detectSecurityHygiene(ctx: FindingContext): Promise<SecurityHygieneReply> {
  return { window: ctx.window, items: await evaluate(ctx) };
}

/** GET findings/security-hygiene/{detailId}: one check and the events behind it. */
async function detectSecurityHygieneDetail(
  ctx: FindingContext,
  detailId: string,
): Promise<SecurityHygieneDetail> {
  const check = checks.find((c) => c.id === detailId);
  if (!check) {
    throw notFound(
      `There is no security hygiene check with that id: use one of ${hygieneCheckIds.join(', ')}.`,
    );
  }
  const item = (await evaluate(ctx)).find((i) => i.id === check.id)!;
  const events: SecurityHygieneDetail['events'] = [];
  if (check.activities.length) {
    const rows = await listEvents(ctx.db, {
      dialect: ctx.dialect,
      employeeId: ctx.subject.id,
      from: ctx.window.start,
      to: ctx.window.end,
      activities: check.activities,
      desc: true,
      limit: 500,
    });
    events.push(...rows.map((row) => ({ ...presentEvent(row), why: check.title })));
  }
  if (check.patterns.length) {
    const flagged = await flaggedEvents(ctx.db, ctx.subject.id, ctx.window, 'command', {
      details: check.patterns,
      limit: 500,
    });
    const rows = new Map(
      (
        await eventsByIds(
          ctx.db,
          ctx.dialect,
          ctx.subject.id,
          flagged.map((f) => f.eventId),
        )
      ).map((r) => [r.id, r]),
    );
    for (const f of flagged) {
      const row = rows.get(f.eventId);
      if (row)
        events.push({
          ...presentEvent(row),
          why: f.details.map((d) => commandPatternById(d)?.title ?? d).join('; '),
        });
    }
  }
  if (check.id === 'unmanaged-devices') {
    const unmanaged = new Set(
      (await inventoryDevices(ctx.db, ctx.dialect, ctx.subject.id, ctx.window))
        .filter((d) => d.managed === 0)
        .map((d) => d.name),
    );
    const rows = await listEvents(ctx.db, {
      dialect: ctx.dialect,
      employeeId: ctx.subject.id,
      from: ctx.window.start,
      to: ctx.window.end,
      activities: ['device_seen'],
      desc: true,
      limit: 2000,
    });
    const seen = new Set<string>();
    for (const row of rows) {
      const key = row.device_name ?? '';
      if (seen.has(key) || !unmanaged.has(key)) continue;
      seen.add(key);
      events.push({ ...presentEvent(row), why: 'Latest check-in of this device' });
    }
  }
  events.sort((a, b) => b.time - a.time);
  return { window: ctx.window, item, events };
}

/** Security hygiene: issues of high severity or worse are a key figure, medium ones count. */
export const securityHygieneDetector = defineDetector('securityHygiene', detectSecurityHygiene, {
  ...securityHygieneParts,
  figures: ({ securityHygiene }) => {
    const serious = securityHygiene.items.filter(
      (i) => i.severity === 'critical' || i.severity === 'high',
    ).length;
    return { hygiene: { value: serious, severity: severityAt(serious, 1) } };
  },
  anomalies: ({ securityHygiene }) =>
    securityHygiene.items.filter((i) => i.severity !== 'none' && i.severity !== 'low').length,
});

/** One check and the events behind it. */
export const securityHygieneDetailDetector = defineDetector(
  'securityHygieneDetail',
  (ctx, _query, params) => detectSecurityHygieneDetail(ctx, params.detailId),
);
