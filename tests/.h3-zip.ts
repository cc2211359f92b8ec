import { randomUUID } from 'node:crypto';
import { openDatabase } from '../src/server/db/database';
import { createInvestigation } from '../src/server/case/create-investigation';
import { insertUserIfAbsent } from '../src/server/db/queries/users';
import { gatherReport } from '../src/server/case/report/gather-report';
import { renderPdfReport } from '../src/server/case/report/pdf-report';
import { exportZip } from '../src/server/case/report/export-zip';
import { permissions } from '../src/shared/permissions';
const DAY = 86_400_000;
const end = 1795651200000;
const handle = openDatabase('/tmp/h3/bench1m.db');
const userId = 'h3-bench-user';
await insertUserIfAbsent(handle.db, { id: userId, email: 'h3@vigil.test', displayName: 'H3', passwordHash: 'x', now: Date.now() }, ['admin']);
const viewer = { userId, email: 'h3@vigil.test', displayName: 'H3', roles: [], permissions: new Set(permissions) } as any;
let id = process.argv[2];
if (!id) {
  id = await createInvestigation(handle.db, viewer, { title: 'Bench', subjectEmployeeId: 'E1002', windowStart: end - 91 * DAY, windowEnd: end, memberUserIds: [], type: 'other', riskLevel: 'low', description: '' } as any, Date.now());
  await handle.db.updateTable('investigations').set({ analysis_state: 'idle' }).where('id', '=', id).execute();
  console.log('case', id);
}
const mem = () => Math.round(process.memoryUsage().rss / 1048576);
let peak = 0; const timer = setInterval(() => (peak = Math.max(peak, mem())), 10);
for (let i = 0; i < Number(process.env.RUNS ?? 2); i++) {
  let t0 = performance.now();
  const g = await gatherReport({ db: handle.db, dialect: 'sqlite' }, viewer, id);
  console.log('gather', Math.round(performance.now() - t0), 'incidents', g.model.incidents.length, 'rss', mem());
  t0 = performance.now();
  let n = 0;
  for await (const c of renderPdfReport(g.model)) n += c.length;
  console.log('pdf', Math.round(performance.now() - t0), n);
  if (process.argv[3] === 'zip') {
    t0 = performance.now(); n = 0;
    const { stream } = exportZip(handle, g);
    for await (const c of stream) n += c.length;
    console.log('zip', Math.round(performance.now() - t0), n, 'peak rss', peak);
  }
}
clearInterval(timer);
