import type {
  CompetitorMentionsReply,
  MentionRow,
} from '../../../shared/schemas/findings/competitor-mentions';
import { readJson } from '../../db/dialect';
import { competitorMentionEvents } from '../../db/queries/findings/messages';
import { defineDetector, severityAt } from './define-detector';
import type { FindingContext } from './finding-context';
import { peopleDirectory } from './people';
import { competitorMentionsParts } from './competitor-mentions.report';

const LISTED = 1000;
const SNIPPET = 160;

function strings(value: unknown): string[] {
  const parsed = value === null || value === undefined ? [] : readJson<unknown>(value);
  return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
}

/** Up to SNIPPET characters of text around the first mention of a term. */
export function snippetAround(text: string, terms: readonly string[]): string {
  const lower = text.toLowerCase();
  const at = Math.min(
    ...terms.map((t) => lower.indexOf(t.toLowerCase())).filter((i) => i >= 0),
    text.length,
  );
  const start = Math.max(0, Math.min(at - SNIPPET / 3, text.length - SNIPPET));
  const piece = text
    .slice(start, start + SNIPPET)
    .replace(/\s+/g, ' ')
    .trim();
  return `${start > 0 ? '…' : ''}${piece}${start + SNIPPET < text.length ? '…' : ''}`;
}

/** GET findings/competitor-mentions: messages, mail and shares naming configured competitors. */
async function detectCompetitorMentions(ctx: FindingContext): Promise<CompetitorMentionsReply> {
  const events = await competitorMentionEvents(ctx.db, ctx.subject.id, ctx.window, LISTED);
  const people = await peopleDirectory(
    ctx.db,
    events.flatMap((e) => strings(e.email_recipients)),
    ctx.identity,
  );
  const mentions: MentionRow[] = events.map((e) => {
    const competitor = ctx.config.competitors.find((c) => c.name === e.competitor);
    const terms = competitor ? [competitor.name, ...competitor.domains] : [e.competitor];
    const channel: MentionRow['channel'] =
      e.category === 'chat' && e.activity === 'chat_message'
        ? 'chat'
        : e.category === 'email'
          ? 'email'
          : 'file_share';
    const text =
      channel === 'chat'
        ? (e.chat_text ?? '')
        : channel === 'email'
          ? `${e.email_subject ?? ''} → ${strings(e.email_recipients).join(', ')}`
          : `${e.file_name ?? 'A file'} shared with ${e.target ?? e.chat_channel ?? 'someone'}`;
    const counterparties =
      channel === 'email'
        ? strings(e.email_recipients).map((r) => people.label(r))
        : [e.target ?? (e.chat_channel ? `#${e.chat_channel}` : '')].filter(Boolean);
    return {
      id: String(e.id),
      time: e.time,
      competitor: e.competitor,
      channel,
      snippet: snippetAround(text, terms),
      counterparties,
      external:
        e.chat_external === 1 || e.email_external === 1 || e.activity === 'file_share_external',
    };
  });
  const byName = new Map<string, CompetitorMentionsReply['competitors'][number]>();
  for (const c of ctx.config.competitors)
    byName.set(c.name, { name: c.name, mentions: 0, external: 0, lastSeen: null });
  for (const m of mentions) {
    const entry = byName.get(m.competitor) ?? {
      name: m.competitor,
      mentions: 0,
      external: 0,
      lastSeen: null,
    };
    entry.mentions += 1;
    if (m.external) entry.external += 1;
    entry.lastSeen = Math.max(entry.lastSeen ?? 0, m.time);
    byName.set(m.competitor, entry);
  }
  return {
    window: ctx.window,
    competitors: [...byName.values()].sort((a, b) => b.mentions - a.mentions),
    mentions,
  };
}

/** Competitor mentions: each message naming a competitor counts. */
export const competitorMentionsDetector = defineDetector(
  'competitorMentions',
  detectCompetitorMentions,
  {
    ...competitorMentionsParts,
    figures: ({ competitorMentions }) => ({
      'competitor-mentions': {
        value: competitorMentions.mentions.length,
        severity: severityAt(competitorMentions.mentions.length, 5),
        // A message naming two competitors is two mentions and one event.
        events: { flag: 'competitor' },
      },
    }),
    anomalies: ({ competitorMentions }) => competitorMentions.mentions.length,
  },
);
