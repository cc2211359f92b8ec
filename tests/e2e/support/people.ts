import { expect } from '@playwright/test';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';

import { E2E_DB } from './env';

/**
 * A person as the signed-in user sees them. People are pseudonymized by default (issue 17) and
 * a pseudonym is an HMAC under the installation's secret, so a journey cannot write one down:
 * it asks the API, with the browser's own session, what the screen will show.
 */
export interface Person {
  id: string;
  /** What the screens show as the name: the pseudonym unless the identity is revealed. */
  fullName: string;
  /** "Person 7F3K-9QX2" */
  pseudonym: string;
  identity: 'pseudonymized' | 'revealed' | 'open';
  department: string | null;
}

/** One employee by id, as the user signed in on `page` sees them. */
export async function personAs(page: Page, employeeId: string): Promise<Person> {
  const reply = await page.request.get(`/api/app/identity/employees/${employeeId}`);
  expect(reply.ok(), `employee ${employeeId}`).toBe(true);
  return (await reply.json()) as Person;
}

/** The subject of the case with this title, as the user signed in on `page` sees them. */
export async function subjectOfCase(
  page: Page,
  title: string,
): Promise<Person & { caseId: string }> {
  const reply = await page.request.get('/api/app/investigations?limit=500');
  expect(reply.ok()).toBe(true);
  const { investigations } = (await reply.json()) as {
    investigations: Array<{ id: string; title: string; subject: Person }>;
  };
  const found = investigations.find((c) => c.title === title);
  expect(found, `the case "${title}"`).toBeDefined();
  return { ...found!.subject, caseId: found!.id };
}

/** The directory as the user signed in on `page` sees it (the first 5,000 people). */
export async function directoryAs(page: Page): Promise<Person[]> {
  const reply = await page.request.get('/api/app/identity/employees?limit=5000');
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { employees: Person[] }).employees;
}

/** A pseudonym as the screens write it: "Person 7F3K-9QX2". */
export const PSEUDONYM = /^Person [0-9A-Z]{4}-[0-9A-Z]{4}$/;

/**
 * A person's real name, read from the journeys' database: what a tip gives an investigator,
 * and what no screen may show while the person is pseudonymized.
 */
export function realNameOf(employeeId: string): string {
  const db = new Database(E2E_DB, { readonly: true });
  try {
    const row = db.prepare('select full_name from employees where id = ?').get(employeeId) as
      { full_name: string } | undefined;
    if (!row) throw new Error(`no employee ${employeeId}`);
    return row.full_name;
  } finally {
    db.close();
  }
}
