import type { TestApp } from '../support/test-app';

const RANK = { low: 0, medium: 1, high: 2, critical: 3 } as const;
const DAY = 86_400_000;

/** Stores an alert as detection would, about activity `daysAgo` days before `now`. */
export async function insertAlert(
  t: TestApp,
  alert: {
    id: string;
    employeeId: string;
    severity: keyof typeof RANK;
    daysAgo: number;
    status?: string;
    now?: number;
  },
): Promise<void> {
  const now = alert.now ?? Date.now();
  const status = alert.status ?? 'new';
  await t.db
    .insertInto('alerts')
    .values({
      id: alert.id,
      rule_id: 'usb-mass-copy',
      title: `Mass copy ${alert.id}`,
      description: '',
      employee_id: alert.employeeId,
      severity: alert.severity,
      severity_rank: RANK[alert.severity],
      status,
      reason: status === 'dismissed' ? 'Reviewed' : null,
      assignee_id: null,
      investigation_id: null,
      techniques: '[]',
      itm: '[]',
      why: 'test',
      first_time: now - (alert.daysAgo + 1) * DAY,
      last_time: now - alert.daysAgo * DAY,
      event_count: 3,
      created_at: now,
      updated_at: now,
    })
    .execute();
}
