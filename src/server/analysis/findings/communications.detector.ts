import type { CommunicationsReply } from '../../../shared/schemas/findings/communications';
import { contactGroups } from '../../db/queries/findings/daily-groups';
import { employeesByEmail } from '../../db/queries/findings/employees-by-email';
import type { EmployeeRow } from '../../db/schema';
import { presentEmployeeRef } from '../../presenters/employee';
import { contactKey } from './contact-keys';
import { defineDetector } from './define-detector';
import { competitorOf, domainKind, domainOf } from './domains';
import type { FindingContext } from './finding-context';
import { rollupBuildFor, rollupSettingsFor } from './finding-context';
import { ensureRollups } from './rollups/refresh-rollups';
import { communicationsParts } from './communications.report';

type Node = CommunicationsReply['nodes'][number];
type Edge = CommunicationsReply['edges'][number];

/** Contacts read per person, and people expanded per hop: keeps the graph readable. */
const CONTACTS_PER_PERSON = [40, 10, 6];
const EXPANDED_PER_HOP = [12, 6];
/** People whose contacts are read at once: a first visit may build their rollups. */
const READ_AT_ONCE = 4;

/** GET findings/communications-analysis: the subject's contact graph, up to three hops. */
async function detectCommunications(
  ctx: FindingContext,
  hops: number,
): Promise<CommunicationsReply> {
  const nodes = new Map<string, Node>();
  const edges = new Map<string, Edge>();
  const employees = new Map<string, EmployeeRow>([[ctx.subject.email.toLowerCase(), ctx.subject]]);
  const subjectId = `p:${ctx.subject.email.toLowerCase()}`;
  const ref = presentEmployeeRef(
    {
      id: ctx.subject.id,
      fullName: ctx.subject.full_name,
      email: ctx.subject.email,
      department: ctx.subject.department,
      title: ctx.subject.title,
    },
    ctx.identity,
  );
  nodes.set(subjectId, {
    id: subjectId,
    label: ref.fullName,
    kind: 'subject',
    hop: 0,
    weight: 0,
    external: false,
    competitor: null,
    personal: false,
  });

  const addNode = (node: Node) => {
    const known = nodes.get(node.id);
    if (!known) nodes.set(node.id, node);
    else known.hop = Math.min(known.hop, node.hop);
  };
  /** Adds to an edge; `subjectKey` is the contact's key when the subject's own rows count. */
  const addEdge = (
    source: string,
    target: string,
    weight: number,
    kind: string,
    subjectKey?: string,
  ) => {
    const key = source < target ? `${source}|${target}` : `${target}|${source}`;
    const edge = edges.get(key) ?? { source, target, weight: 0, kinds: [], subjectEvents: null };
    edge.weight += weight;
    if (!edge.kinds.includes(kind)) edge.kinds.push(kind);
    if (subjectKey) {
      const own = edge.subjectEvents ?? { count: 0, counterpart: '' };
      own.count += weight;
      own.counterpart = own.counterpart ? `${own.counterpart},${subjectKey}` : subjectKey;
      edge.subjectEvents = own;
    }
    edges.set(key, edge);
    for (const id of [source, target]) {
      const node = nodes.get(id);
      if (node) node.weight += weight;
    }
  };

  /** One person's contacts and the employees among them, read (and rolled up) on their own. */
  const readContacts = async (person: EmployeeRow, hop: number) => {
    const settings = rollupSettingsFor(person, ctx.config);
    if (person.id !== ctx.subject.id) await ensureRollups(ctx.db, ctx.dialect, person.id, settings);
    const build =
      person.id === ctx.subject.id
        ? ctx.build
        : rollupBuildFor(person.id, ctx.dialect, settings, ctx.window);
    const contacts = await contactGroups(
      ctx.db,
      build,
      ctx.window,
      CONTACTS_PER_PERSON[hop - 1] ?? 6,
    );
    const known = await employeesByEmail(
      ctx.db,
      contacts.filter((c) => c.kind !== 'channel').map((c) => c.counterpart),
    );
    return { person, contacts, known };
  };

  let frontier: EmployeeRow[] = [ctx.subject];
  for (let hop = 1; hop <= hops; hop++) {
    const next: EmployeeRow[] = [];
    // A hop's people are read a few at a time (PostgreSQL answers them side by side, SQLite in
    // turn), then folded into the graph in the frontier's order: the same graph either way.
    const reads: Array<Awaited<ReturnType<typeof readContacts>>> = [];
    for (let at = 0; at < frontier.length; at += READ_AT_ONCE) {
      const group = frontier.slice(at, at + READ_AT_ONCE);
      reads.push(...(await Promise.all(group.map((person) => readContacts(person, hop)))));
    }
    for (const { person, contacts, known } of reads) {
      const personId = `p:${person.email.toLowerCase()}`;
      for (const [email, row] of known) employees.set(email, row);
      for (const contact of contacts) {
        // The subject's own rows: the timeline lists them by this key (contact-keys.ts).
        const subjectKey =
          person.id === ctx.subject.id
            ? contactKey(ctx.identity, contact.kind, contact.counterpart)
            : undefined;
        if (contact.kind === 'channel') {
          const id = `c:${contact.counterpart}`;
          addNode({
            id,
            label: contact.counterpart,
            kind: 'channel',
            hop,
            weight: 0,
            external: contact.external,
            competitor: null,
            personal: false,
          });
          addEdge(personId, id, contact.n, 'chat', subjectKey);
          continue;
        }
        const email = contact.counterpart.toLowerCase();
        const domain = domainOf(email);
        const kind = domainKind(domain, ctx.config);
        const employee = employees.get(email);
        const id = `p:${email}`;
        const label = employee
          ? presentEmployeeRef(
              {
                id: employee.id,
                fullName: employee.full_name,
                email: employee.email,
                department: employee.department,
                title: employee.title,
              },
              ctx.identity,
            ).fullName
          : email;
        addNode({
          id,
          label,
          kind: employee ? 'employee' : 'person',
          hop,
          weight: 0,
          external: kind !== 'company',
          competitor: competitorOf(domain, ctx.config),
          personal: kind === 'personal',
        });
        addEdge(personId, id, contact.n, contact.kind, subjectKey);
        if (kind !== 'company' && domain) {
          const domainId = `d:${domain}`;
          addNode({
            id: domainId,
            label: domain,
            kind: 'domain',
            hop: hop + 1,
            weight: 0,
            external: true,
            competitor: competitorOf(domain, ctx.config),
            personal: kind === 'personal',
          });
          addEdge(id, domainId, contact.n, 'domain');
        }
        if (employee && hop < hops && employee.id !== ctx.subject.id && !next.includes(employee))
          next.push(employee);
      }
    }
    frontier = next.slice(0, EXPANDED_PER_HOP[hop - 1] ?? 6);
  }
  const list = [...nodes.values()];
  const contacts = list.filter((n) => n.kind !== 'subject' && n.kind !== 'domain');
  return {
    window: ctx.window,
    hops,
    nodes: list,
    edges: [...edges.values()],
    summary: {
      contacts: contacts.length,
      external: contacts.filter((n) => n.external).length,
      competitors: list.filter((n) => n.competitor !== null && n.kind !== 'domain').length,
      personal: contacts.filter((n) => n.personal).length,
    },
  };
}

/** The contact graph, `hops` deep. */
export const communicationsDetector = defineDetector(
  'communications',
  (ctx, query) => detectCommunications(ctx, query.hops),
  communicationsParts,
);
