import type { Severity } from '../../../shared/schemas/findings/common';
import { POWERSHELL_PROCESS_WORDS } from '../../../shared/schemas/findings/powershell';
import type { PowershellReply } from '../../../shared/schemas/findings/powershell';
import { readJson } from '../../db/dialect';
import { foldCase } from '../../db/fold-case';
import { commandEvents } from '../../db/queries/findings/commands';
import { dailyGroups } from '../../db/queries/findings/daily-groups';
import { flagCounts, flaggedEventCount, flaggedEvents } from '../../db/queries/findings/flags';
import { defineDetector, severityAt } from './define-detector';
import type { FindingContext } from './finding-context';
import { normalizeCommand } from './normalize-command';
import { commandPatternById } from './powershell-patterns';
import type { CommandPattern } from './powershell-patterns';
import { powershellParts } from './powershell.report';

const LISTED = 500;

/** Whether a process name names PowerShell (as the timeline's `process` filter reads the words). */
const isPowershell = (name: string) =>
  POWERSHELL_PROCESS_WORDS.some((word) => foldCase(name).includes(word));
const RANK: Severity[] = ['none', 'low', 'medium', 'high', 'critical'];

/** The worst severity among the patterns a command matched, raised when several combine. */
function severityOf(patterns: readonly CommandPattern[]): Severity {
  const worst = patterns.reduce((m, p) => Math.max(m, RANK.indexOf(p.severity)), 0);
  return RANK[Math.min(4, worst + (patterns.length >= 3 ? 1 : 0))] ?? 'none';
}

/** GET findings/powershell-pseudo-commands: suspicious commands, readable, with their techniques. */
async function detectPowershell(ctx: FindingContext): Promise<PowershellReply> {
  const [volume, counts, flagged, suspicious] = await Promise.all([
    dailyGroups(ctx.db, ctx.build, ctx.window, ['activity', 'item'], {
      activities: ['script_exec', 'process_start'],
    }),
    flagCounts(ctx.db, ctx.subject.id, ctx.window, 'command'),
    flaggedEvents(ctx.db, ctx.subject.id, ctx.window, 'command', { limit: LISTED }),
    // Every flagged command, not only the LISTED newest: the figure opens all of them.
    flaggedEventCount(ctx.db, ctx.subject.id, ctx.window, 'command'),
  ]);
  const events = new Map(
    (
      await commandEvents(
        ctx.db,
        ctx.dialect,
        ctx.subject.id,
        flagged.map((f) => f.eventId),
        ctx.window,
      )
    ).map((e) => [e.id, e]),
  );
  const techniques = new Map<string, { id: string; name: string; commands: number }>();
  for (const c of counts) {
    const pattern = commandPatternById(c.detail);
    if (!pattern) continue;
    const t = techniques.get(pattern.techniqueId) ?? {
      id: pattern.techniqueId,
      name: pattern.techniqueName,
      commands: 0,
    };
    t.commands += c.events;
    techniques.set(pattern.techniqueId, t);
  }
  const commands: PowershellReply['commands'] = [];
  for (const f of flagged) {
    const event = events.get(f.eventId);
    if (!event) continue;
    const patterns = f.details
      .map(commandPatternById)
      .filter((p): p is CommandPattern => p !== undefined);
    const attributes = readJson<Record<string, unknown>>(event.attributes ?? '{}');
    const decodedAttribute =
      typeof attributes.decodedCommand === 'string' ? attributes.decodedCommand : null;
    const normalized = normalizeCommand(event.commandLine ?? '', decodedAttribute);
    commands.push({
      id: String(event.id),
      time: event.time,
      kind: event.activity === 'script_exec' ? 'script_block' : 'process',
      device: event.device,
      ...normalized,
      severity: severityOf(patterns),
      techniques: patterns.map((p) => ({
        id: p.techniqueId,
        name: p.techniqueName,
        pattern: p.title,
      })),
    });
  }
  const encoded = counts.find((c) => c.detail === 'encoded-command')?.events ?? 0;
  return {
    window: ctx.window,
    summary: {
      scriptBlocks: volume.filter((g) => g.activity === 'script_exec').reduce((s, g) => s + g.n, 0),
      powershellProcesses: volume
        .filter((g) => g.activity === 'process_start' && isPowershell(g.item ?? ''))
        .reduce((s, g) => s + g.n, 0),
      suspicious,
      encoded,
    },
    techniques: [...techniques.values()].sort((a, b) => b.commands - a.commands),
    commands: commands.sort((a, b) => b.time - a.time),
  };
}

/** PowerShell: the suspicious commands. */
export const powershellDetector = defineDetector('powershell', detectPowershell, {
  ...powershellParts,
  figures: ({ powershell }) => ({
    commands: {
      value: powershell.summary.suspicious,
      severity: severityAt(powershell.summary.suspicious, 3),
      events: { flag: 'command' },
    },
  }),
  anomalies: ({ powershell }) => powershell.summary.suspicious,
});
