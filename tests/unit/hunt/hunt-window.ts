import type { DatabaseHandle } from '../../../src/server/db/database';
import { huntTree, runHunt } from '../../../src/server/hunt/run-hunt';
import { DAY, T0 } from '../detection/support';

/** A hunt's first page on SQLite over the plan tests' window: T0 - 1 day to T0 + 10 days, newest first. */
export const huntInWindow = (db: DatabaseHandle['db'], q: string) =>
  runHunt(
    { db, dialect: 'sqlite', peopleNamed: (value) => [value], now: T0 + 10 * DAY },
    { q, from: T0 - DAY, to: T0 + 10 * DAY, limit: 50, sort: '-time' },
    huntTree({ q }),
  );
