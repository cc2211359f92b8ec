import { benchSubjectTimeline } from './subject-timeline.bench';
const events = Number(process.argv[2] ?? 200000);
const r = await benchSubjectTimeline('sqlite', events, 5);
for (const q of r.queries) console.log(q.query.padEnd(50), q.total, JSON.stringify(q.firstPage), JSON.stringify(q.nextPage));
