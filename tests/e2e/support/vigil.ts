import { randomUUID } from 'node:crypto';
import fs from 'node:fs';

import Database from 'better-sqlite3';
import { expect } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';

import { ADMIN_EMAIL, ADMIN_PASSWORD, E2E_DB, E2E_PORT } from './env';

const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
const PASSWORD = 'journey-password-123';

/** The keys that start a sequence in the shipped keymaps ("g" of "g i"). */
const SEQUENCE_PREFIXES = new Set(
  ['default', 'vim'].flatMap((name) => {
    const file = new URL(`../../../keymaps/${name}.json`, import.meta.url);
    const keymap = JSON.parse(fs.readFileSync(file, 'utf8')) as { bindings: { key: string }[] };
    return keymap.bindings.flatMap(({ key }) => (key.includes(' ') ? [key.split(' ')[0]!] : []));
  }),
);

/**
 * Presses keys as a person would: chords joined by +, a space between presses ("g i").
 *
 * A keymap sequence ("g i") is typed as one burst, its key events all sent before the first is
 * handled. Playwright sends a key only once the page has handled the one before, so a page busy
 * drawing a chart for a second and a half would stretch "g i" past the sequence timeout, which a
 * person's keys, queued with their own time stamps, never are.
 */
export async function press(page: Page, keys: string): Promise<void> {
  const chords = keys.split(' ');
  for (let index = 0; index < chords.length; index++) {
    const chord = chords[index]!;
    const next = chords[index + 1];
    if (SEQUENCE_PREFIXES.has(chord) && next !== undefined && !next.includes('+')) {
      await Promise.all([
        page.keyboard.down(chord),
        page.keyboard.up(chord),
        page.keyboard.down(next),
        page.keyboard.up(next),
      ]);
      index++;
    } else await page.keyboard.press(chord);
  }
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, as a keyboard user walks to
 * a control; fails after `max` presses. Never focuses anything itself.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  options: { back?: boolean; max?: number } = {},
): Promise<void> {
  const max = options.max ?? 40;
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused({ timeout: 1 });
}

/** Calls the API as the admin (setup only, never the behaviour under test). */
export async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/app/auth/login', {
    data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    headers: { origin: ORIGIN },
  });
  expect(login.ok()).toBe(true);
  return {
    post: (path: string, data: unknown) =>
      request.post(`/api/app${path}`, { data, headers: { origin: ORIGIN } }),
    get: (path: string) => request.get(`/api/app${path}`),
  };
}

/**
 * Creates a user with a role (as the admin) and returns their credentials. An admin-set password
 * is temporary (its owner must change it first: the own-password journey covers that), so the
 * helper marks it as the user's own, straight in the database, for journeys about other things.
 */
export async function createUser(request: APIRequestContext, role: string) {
  const api = await adminApi(request);
  const email = `${role}-${randomUUID().slice(0, 8)}@vigil.test`;
  const reply = await api.post('/admin/users', {
    email,
    displayName: `${role[0]!.toUpperCase()}${role.slice(1)} ${email.split('@')[0]!.split('-')[1]}`,
    roles: [role],
    password: PASSWORD,
  });
  expect(reply.status()).toBe(201);
  const db = new Database(E2E_DB);
  try {
    db.prepare('update users set password_temporary = 0 where email = ?').run(email);
  } finally {
    db.close();
  }
  return { email, password: PASSWORD };
}

/** Creates a custom global role (as the admin) with these permissions and returns its id. */
export async function createRole(request: APIRequestContext, name: string, permissions: string[]) {
  const api = await adminApi(request);
  const reply = await api.post('/admin/roles', {
    name: `${name} ${randomUUID().slice(0, 8)}`,
    permissions,
  });
  expect(reply.status()).toBe(201);
  return ((await reply.json()) as { id: string }).id;
}

/** Signs in through the form with the keyboard alone. */
export async function signInWith(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  // The form loads on demand and puts the caret in Email; keys typed before then would be lost.
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(email);
  await press(page, 'Tab');
  await page.keyboard.type(password);
  await press(page, 'Enter');
  // Each role lands where its work is: the dashboard, reveal requests, or the audit log.
  await expect(page).toHaveURL(/\/app\/(privacy\/reveals|admin\/audit)?$/);
  const landing = new URL(page.url()).pathname;
  const heading = LANDING_HEADINGS[landing] ?? 'Dashboard';
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
}

/** The heading of each landing screen, by its path. */
const LANDING_HEADINGS: Record<string, string> = {
  '/app/': 'Dashboard',
  '/app/privacy/reveals': 'Reveal requests',
  '/app/admin/audit': 'Audit log',
};

/** Signs in as a new user with the role ('admin' uses the first-run admin). */
export async function signIn(page: Page, role: 'admin' | 'analyst' | 'investigator' | 'auditor') {
  if (role === 'admin') {
    await signInWith(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    return { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
  }
  const user = await createUser(page.request, role);
  await signInWith(page, user.email, user.password);
  return user;
}

/** Opens an investigation about an employee through the API, for journeys that need one. */
export async function seedInvestigation(
  request: APIRequestContext,
  title: string,
  subjectEmployeeId = 'E10003',
) {
  const api = await adminApi(request);
  const reply = await api.post('/investigations', {
    title,
    subjectEmployeeId,
    type: 'data_exfiltration',
    riskLevel: 'high',
  });
  expect(reply.status()).toBe(201);
  return (await reply.json()) as { id: string; title: string };
}

/** Ages every session of a user past the 30-minute idle limit, straight in the database. */
export function expireSessionsOf(email: string): void {
  const db = new Database(E2E_DB);
  try {
    db.prepare(
      'update sessions set last_seen_at = ? where user_id = (select id from users where email = ?)',
    ).run(Date.now() - 31 * 60_000, email);
  } finally {
    db.close();
  }
}

/** Opens a case from the palette by its title (`#` scopes the palette to investigations). */
export async function openCaseFromPalette(page: Page, title: string): Promise<void> {
  await press(page, 'Control+k');
  await page.keyboard.type(`#${title}`);
  await expect(page.getByRole('option', { name: new RegExp(title) }).first()).toBeVisible();
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
}
