import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';

import { E2E_DB, E2E_PORT } from './support/env';
import { adminApi, press, signIn, tabTo } from './support/vigil';

test.use({ viewport: { width: 1440, height: 1000 } });

const SHOTS = process.env.VIGIL_SHOTS_DIR;
const DAY = 86_400_000;

/**
 * A critical alert raised today about activity 33 days old, about someone with no alert yet
 * and a low score, straight in the database as detection would store it.
 */
function oldCriticalAlert(): { alertId: string; employeeId: string } {
  const db = new Database(E2E_DB);
  try {
    const person = db
      .prepare(
        `select r.employee_id as id from employee_risk r
         where r.level = 'low' and not exists (select 1 from alerts a where a.employee_id = r.employee_id)
         order by r.score desc limit 1`,
      )
      .get() as { id: string };
    const now = Date.now();
    const alertId = `e2e-old-critical-${now}`;
    db.prepare(
      `insert into alerts (id, rule_id, title, description, employee_id, severity, severity_rank,
        status, reason, assignee_id, investigation_id, techniques, itm, why, first_time, last_time,
        event_count, created_at, updated_at)
       values (?, 'usb-mass-copy', 'Mass copy to USB', '', ?, 'critical', 3, 'new', null, null, null,
        '[]', '[]', 'e2e', ?, ?, 4, ?, ?)`,
    ).run(alertId, person.id, now - 34 * DAY, now - 33 * DAY, now, now);
    return { alertId, employeeId: person.id };
  } finally {
    db.close();
  }
}

test('the riskiest people count an open critical alert about activity 33 days old, with the real open count', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { alertId, employeeId } = oldCriticalAlert();
  await adminApi(page.request);
  // Triage (in review, still open) scores the person again, as detection would.
  const reviewed = await page.request.patch(`/api/app/alerts/${alertId}`, {
    data: { status: 'in_review' },
    headers: { origin: `http://127.0.0.1:${E2E_PORT}` },
  });
  expect(reviewed.status()).toBe(200);

  await signIn(page, 'admin');
  const card = page.getByRole('region', { name: 'Riskiest people' });
  const entry = card
    .getByRole('listitem')
    .filter({ has: page.locator(`a[href*="employee=${employeeId}"]`) });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('1 open alert');
  await expect(entry).not.toContainText('Low');
  await expect(entry).toContainText('Alerts 45');
  if (SHOTS) await card.screenshot({ path: `${SHOTS}/riskiest-people.png` });

  // The link opens them in the directory, whose Risk column reads the same figure.
  await tabTo(page, entry.getByRole('link'), { max: 80 });
  await press(page, 'Enter');
  await expect(page).toHaveURL(new RegExp(`/app/employees/\\?employee=${employeeId}$`));
  const row = page.getByRole('row').filter({ hasText: employeeId }).first();
  await expect(row).toBeVisible();
  await expect(row).not.toContainText('Low');
});
