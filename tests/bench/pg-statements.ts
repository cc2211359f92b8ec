import pg from 'pg';

/** A statement a pg client sent, with its parameters. */
export interface SentStatement {
  text: string;
  values: unknown[];
}

/**
 * Records the statements every pg client of this process sends during `during(work)`, by
 * wrapping pg.Client.prototype.query (pools query through it) until `restore()`.
 */
export function recordPgStatements() {
  const sent: SentStatement[] = [];
  let recording = false;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (recording && typeof args[0] === 'string')
      sent.push({ text: args[0], values: Array.isArray(args[1]) ? (args[1] as unknown[]) : [] });
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  return {
    /** Runs `work`, returning what it sent (and forgetting it here). */
    async during(work: () => Promise<unknown>): Promise<SentStatement[]> {
      sent.length = 0;
      recording = true;
      try {
        await work();
      } finally {
        recording = false;
      }
      return sent.splice(0);
    },
    restore() {
      pg.Client.prototype.query = query;
    },
  };
}

/** A node of EXPLAIN's JSON plan, as far as the partitions it reads. */
export interface PlanNode {
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** The monthly partitions of events (events_YYYY_MM, the default one) a plan reads. */
export function eventPartitionsOf(node: PlanNode, out = new Set<string>()): Set<string> {
  if (node['Relation Name']?.startsWith('events_')) out.add(node['Relation Name']);
  for (const child of node.Plans ?? []) eventPartitionsOf(child, out);
  return out;
}
