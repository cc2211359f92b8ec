import Database from 'better-sqlite3';
const db = new Database('/tmp/h3/bench1m.db', { readonly: true });
db.pragma('cache_size = -65536');
if (process.env.MMAP) db.pragma('mmap_size = 1073741824');
const cols = 'id,time,source,category,activity,action,outcome,app,target,file_id,file_name,file_label,file_size,file_destination,device_name,repository,chat_channel,email_subject,email_attachments,process_name';
const first = db.prepare(`select ${cols} from events where employee_id = ? and time >= ? and time < ? order by time, id limit ?`);
const next = db.prepare(`select ${cols} from events where employee_id = ? and time >= ? and time < ? and (time > ? or (time = ? and id > ?)) order by time, id limit ?`);
const raw = process.env.RAW === '1';
first.raw(raw); next.raw(raw);
const from = 1787000000000, to = 1795651200000;
const t0 = performance.now();
let n = 0; let after: [number, number] | null = null;
for (;;) {
  const rows: any[] = after ? next.all('E1002', after[0], to, after[0], after[0], after[1], 10000) : first.all('E1002', from, to, 10000);
  n += rows.length;
  if (rows.length < 10000) break;
  const last = rows[rows.length - 1];
  after = raw ? [last[1], last[0]] : [last.time, last.id];
}
console.log(raw ? 'raw' : 'objects', process.env.MMAP ? 'mmap' : '', n, Math.round(performance.now() - t0), 'ms');
