import { randomUUID } from 'node:crypto';

import { hashPassword } from '../../../src/server/accounts/passwords';
import { openDatabase } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { insertUserIfAbsent } from '../../../src/server/db/queries/users';
import {
  investigationStatuses,
  investigationTypes,
  riskLevels,
} from '../../../src/shared/investigation-model';
import { benchEvents, insertBenchEvents } from '../findings-data';
import { benchCaseTitle, benchPerson } from './bench-names';

const DAY = 86_400_000;

/** Who signs in to the bench server, and the case whose evidence holds the big list. */
export interface BenchDatabase {
  email: string;
  password: string;
  /** The investigation about the subject with `events` app accesses. */
  tableCaseId: string;
  people: number;
  cases: number;
  events: number;
  buildSeconds: number;
}

/**
 * A SQLite database for the browser bench: `entries` palette entries (half employees, half
 * investigations about them, with realistic names and titles, so the palette's server search
 * has 50k rows to look through) and one subject with `events` events, the findings bench's
 * million, relabelled as single sign-on app accesses so that one server-backed list (the App
 * access page's "All accesses") holds every one of them.
 */
export async function buildBenchDatabase(
  file: string,
  entries: number,
  events: number,
): Promise<BenchDatabase> {
  const started = Date.now();
  const handle = openDatabase(file);
  try {
    await migrateToLatest(handle.db, 'sqlite');
    const sqlite = handle.sqlite!;
    const email = 'bench-admin@vigil.test';
    const password = 'bench-password-123';
    const adminId = randomUUID();
    const now = Date.now();
    await insertUserIfAbsent(
      handle.db,
      {
        id: adminId,
        email,
        displayName: 'Bench Admin',
        passwordHash: await hashPassword(password),
        now,
      },
      ['admin'],
    );

    const people = Math.ceil(entries / 2);
    const cases = entries - people;
    const insertPerson = sqlite.prepare(
      `insert into employees (id, full_name, email, department, title, timezone, work_start_hour,
        work_end_hour, created_at, updated_at) values (?, ?, ?, ?, ?, 'UTC', 9, 17, ?, ?)`,
    );
    const insertCase = sqlite.prepare(
      `insert into investigations (id, title, description, subject_employee_id, status, risk_level,
        risk_score, type, window_start, window_end, created_by, created_at, updated_by, updated_at,
        analysis_state) values (?, ?, '', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'idle')`,
    );
    const end = Math.floor(now / DAY) * DAY + DAY;
    const subject = {
      id: 'B000001',
      fullName: 'Daniel Reyes',
      email: 'daniel.reyes@northwind.example',
    };
    const tableCaseId = randomUUID();
    sqlite.transaction(() => {
      for (let i = 0; i < people; i++) {
        const p = benchPerson(i);
        insertPerson.run(p.id, p.fullName, p.email, p.department, p.title, now - i, now - i);
      }
      for (let i = 0; i < cases; i++) {
        const p = benchPerson((i * 7919) % people);
        insertCase.run(
          randomUUID(),
          benchCaseTitle(i, p.fullName),
          p.id,
          investigationStatuses[i % investigationStatuses.length],
          riskLevels[i % riskLevels.length],
          (i * 37) % 100,
          investigationTypes[i % investigationTypes.length],
          end - 91 * DAY,
          end,
          adminId,
          now - i * 60_000,
          adminId,
          now - i * 60_000,
        );
      }
      insertPerson.run(
        subject.id,
        subject.fullName,
        subject.email,
        'Engineering',
        'Engineer',
        now,
        now,
      );
      insertCase.run(
        tableCaseId,
        'Bench case: one million app accesses',
        subject.id,
        'open',
        'high',
        80,
        'data_exfiltration',
        end - 91 * DAY,
        end,
        adminId,
        now,
        adminId,
        now,
      );
    })();

    const written = await insertBenchEvents(
      handle,
      benchEvents(subject.id, subject.email, end, events),
      { from: end - 90 * DAY, to: end },
    );
    // Every event becomes a sign-in to an app, keeping its time (and the app where it had one).
    sqlite
      .prepare(
        `update events set category = 'app', activity = 'app_access',
          action = 'user.authentication.sso', app = coalesce(app, 'Okta')
         where employee_id = ?`,
      )
      .run(subject.id);
    return {
      email,
      password,
      tableCaseId,
      people,
      cases,
      events: written,
      buildSeconds: Math.round((Date.now() - started) / 100) / 10,
    };
  } finally {
    await handle.close();
  }
}
