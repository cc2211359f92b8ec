import { describe, expect, it } from 'vitest';

import { collectOnce } from '../../../src/server/ingest/collectors/collect-once';
import {
  collectDeps,
  configureOkta,
  expectExactlyOnce,
  storedUuids,
} from './support/collection-helpers';
import { useCrashApp } from './support/crash-app';
import { startOktaSimulator } from '../../simulators/okta-simulator';

const app = useCrashApp();

describe('a collector killed mid-poll', () => {
  it('loses nothing and doubles nothing: the page it died in was neither stored nor passed; the next process goes on from the cursor', async () => {
    const sim = await startOktaSimulator(900);
    try {
      sim.pageSize = 100;
      const id = await configureOkta(app.admin, sim);
      expect(await app.collectThenDie(id, 4)).toBe('SIGKILL');
      // Three pages committed with their cursor; the fourth died inside its transaction.
      expect(await storedUuids(app.t, id)).toHaveLength(300);
      const row = await app.t.db
        .selectFrom('integration_collections')
        .select(['lease_owner', 'state'])
        .where('integration_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ state: 'polling' });
      expect(row.lease_owner).not.toBeNull();

      // The restarted server: the dead process's lease is taken at once (its pid is gone).
      const served = sim.requests.length;
      expect(await collectOnce(collectDeps(app.t), id)).toBe(true);
      await expectExactlyOnce(app.t, id, sim);
      // It started from the fourth page's link, not from the beginning.
      expect(sim.requests[served]!.path).toMatch(/after=/);
      expect(sim.requests.length - served).toBe(7);
    } finally {
      await sim.close();
    }
  }, 60_000);
});
