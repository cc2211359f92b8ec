import type {
  FileAccessReply,
  FileSankeyReply,
} from '../../../shared/schemas/findings/file-access';
import { RISKY_DESTINATIONS, UNLABELED } from '../../../shared/schemas/findings/file-access';
import { ACTION_NAMES, DESTINATION_NAMES } from '../../../shared/findings/file-flow-names';
import type { TimelineLink } from '../../../shared/schemas/subject-timeline';
import { dailyGroups } from '../../db/queries/findings/daily-groups';
import { OUTBOUND_ACTIVITIES } from '../../db/queries/findings/files';
import { dayKey } from './day-keys';
import { defineDetector, severityAt } from './define-detector';
import type { FindingContext } from './finding-context';
import { fileAccessParts, sensitiveLeaving } from './file-access.report';
import { labelFilter, labelName, resolveLabel } from './file-labels';

/** Activities that only read or edit a file in place: left out of the flow diagram. */
const IN_PLACE = new Set(['file_view', 'file_modify', 'file_create', 'file_delete', 'other']);

/** Where an action took a file when the event names no destination. */
function implicitDestination(activity: string): string {
  if (activity === 'file_download' || activity === 'file_sync') return 'Local device';
  if (activity === 'file_print') return 'Printer';
  if (activity === 'file_share' || activity === 'chat_file_share') return 'Colleagues';
  return 'Company storage';
}

/** The labels to choose from: configured ones, others seen, then Unlabeled. */
function labelChoices(ctx: FindingContext, seen: readonly string[]): string[] {
  const extra = seen
    .filter((l) => l !== UNLABELED && !ctx.config.sensitivityLabels.includes(l))
    .sort();
  return [...ctx.config.sensitivityLabels, ...extra, UNLABELED];
}

/**
 * What file findings are made of: file events, and the mails and chat shares that carried a
 * file out (an attachment to a personal address is a file leaving as much as a USB copy is).
 */
const FILE_FLOWS = { categories: ['file'], alsoLeaving: OUTBOUND_ACTIVITIES };

/**
 * GET findings/file-access: file activity by sensitivity label and action, of one label when
 * `?label` names one (the sankey and the file list then count the same files). Leaving counts
 * what the sankey draws as leaving: every movement with a destination.
 */
async function detectFileAccess(
  ctx: FindingContext,
  label: string | undefined,
): Promise<FileAccessReply> {
  const chosen = resolveLabel(ctx, label);
  const [groups, seen] = await Promise.all([
    dailyGroups(ctx.db, ctx.build, ctx.window, ['day', 'label', 'activity', 'destination'], {
      ...FILE_FLOWS,
      ...labelFilter(chosen),
    }),
    // The choices stay every label seen, whichever is chosen.
    chosen.filter === null
      ? null
      : dailyGroups(ctx.db, ctx.build, ctx.window, ['label'], FILE_FLOWS),
  ]);
  const sensitive = new Set(ctx.config.sensitiveLabels);
  type LabelTotals = FileAccessReply['byLabel'][number];
  const byLabel = new Map<string, LabelTotals>();
  const risky = new Set(RISKY_DESTINATIONS);
  const byAction = new Map<string, number>();
  const matrix = new Map<string, { label: string; action: string; events: number }>();
  const daily = new Map<number, { events: number; sensitive: number; leaving: number }>();
  const totals = { events: 0, bytes: 0, sensitive: 0, leaving: 0, leavingRisky: 0 };
  const none = (label: string): LabelTotals => ({
    label,
    events: 0,
    bytes: 0,
    leaving: 0,
    leavingRisky: 0,
  });
  for (const g of groups) {
    const label = labelName(g.label);
    const action = g.activity ?? 'other';
    const leaving = g.destination ? g.n : 0;
    const leavingRisky = risky.has(g.destination ?? '') ? g.n : 0;
    const l = byLabel.get(label) ?? none(label);
    l.events += g.n;
    l.bytes += g.bytes;
    l.leaving += leaving;
    l.leavingRisky += leavingRisky;
    byLabel.set(label, l);
    byAction.set(action, (byAction.get(action) ?? 0) + g.n);
    const m = matrix.get(`${label}|${action}`) ?? { label, action, events: 0 };
    m.events += g.n;
    matrix.set(`${label}|${action}`, m);
    const d = daily.get(g.day ?? 0) ?? { events: 0, sensitive: 0, leaving: 0 };
    d.events += g.n;
    d.leaving += leaving;
    if (sensitive.has(label)) d.sensitive += g.n;
    daily.set(g.day ?? 0, d);
    totals.events += g.n;
    totals.bytes += g.bytes;
    totals.leaving += leaving;
    totals.leavingRisky += leavingRisky;
    if (sensitive.has(label)) totals.sensitive += g.n;
  }
  const labels = labelChoices(ctx, [
    ...byLabel.keys(),
    ...(seen ?? []).map((g) => labelName(g.label)),
  ]);
  return {
    window: ctx.window,
    totals,
    labels,
    sensitiveLabels: ctx.config.sensitiveLabels,
    // Of the chosen label alone when there is one, so every figure counts what the page shows.
    byLabel: (chosen.filter === null ? labels : [chosen.name]).map(
      (name) => byLabel.get(name) ?? none(name),
    ),
    byAction: [...byAction]
      .map(([action, events]) => ({ action, events }))
      .sort((a, b) => b.events - a.events),
    matrix: [...matrix.values()],
    daily: [...daily.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([day, d]) => ({ date: dayKey(day), ...d })),
  };
}

/** GET findings/file-access/sankey: where files of each label (or of `?label`) went, through which action. */
async function detectFileSankey(
  ctx: FindingContext,
  label: string | undefined,
): Promise<FileSankeyReply> {
  const chosen = resolveLabel(ctx, label);
  const groups = await dailyGroups(
    ctx.db,
    ctx.build,
    ctx.window,
    ['label', 'activity', 'destination'],
    {
      ...FILE_FLOWS,
      ...labelFilter(chosen),
    },
  );
  const sensitive = new Set(ctx.config.sensitiveLabels);
  const nodes: FileSankeyReply['nodes'] = [];
  const index = new Map<string, number>();
  const node = (column: FileSankeyReply['nodes'][number]['column'], label: string) => {
    const id = `${column}:${label}`;
    if (!index.has(id)) {
      index.set(id, nodes.length);
      nodes.push({ id, label, column });
    }
    return index.get(id)!;
  };
  const links = new Map<string, FileSankeyReply['links'][number]>();
  const link = (
    source: number,
    target: number,
    value: number,
    isSensitive: boolean,
    leaving: boolean,
    events: TimelineLink,
  ) => {
    const key = `${source}>${target}`;
    const l = links.get(key) ?? {
      source,
      target,
      value: 0,
      sensitive: isSensitive,
      leaving,
      events,
    };
    l.value += value;
    l.sensitive ||= isSensitive;
    l.leaving ||= leaving;
    links.set(key, l);
  };
  const flows = groups.filter((g) => !IN_PLACE.has(g.activity ?? ''));
  // Labels first, then actions, then destinations, so Plotly lays the columns out in order.
  for (const g of flows) node('label', labelName(g.label));
  for (const g of flows) node('action', ACTION_NAMES[g.activity ?? ''] ?? g.activity ?? 'Other');
  for (const g of flows) {
    const label = labelName(g.label);
    const action = ACTION_NAMES[g.activity ?? ''] ?? g.activity ?? 'Other';
    const destination = g.destination
      ? (DESTINATION_NAMES[g.destination] ?? g.destination)
      : implicitDestination(g.activity ?? '');
    const leaving = Boolean(g.destination);
    // What each flow carries, as the timeline filters them: the groups merged into one flow
    // share its label and action, or its action and destination (of the chosen label).
    const activity = g.activity ?? '';
    link(node('label', label), node('action', action), g.n, sensitive.has(label), leaving, {
      files: 'all',
      activity,
      label,
    });
    link(
      node('action', action),
      node('destination', destination),
      g.n,
      sensitive.has(label),
      leaving,
      {
        ...(g.destination ? { files: 'all', destination: g.destination } : { files: 'staying' }),
        activity,
        ...(chosen.filter === null ? {} : { label: chosen.name }),
      },
    );
  }
  return { window: ctx.window, nodes, links: [...links.values()] };
}

/** Labelled files (anything but Public) that left company storage for a risky place. */
function labelledLeaving(files: FileAccessReply): number {
  return files.byLabel
    .filter((l) => l.label !== 'Public' && l.label !== UNLABELED)
    .reduce((s, l) => s + l.leavingRisky, 0);
}

/**
 * File access: sensitive files leaving company storage. Its page counts labelled files that
 * left for a risky place and, since a USB copy is a file leaving too, removable-media writes.
 */
export const fileAccessDetector = defineDetector(
  'fileAccess',
  (ctx, query) => detectFileAccess(ctx, query.label),
  {
    ...fileAccessParts,
    figures: ({ fileAccess }) => {
      // Mail to business addresses outside the company is everyday work: not counted here
      // (the page's "Left company storage" and the sankey still show it).
      const { risky } = sensitiveLeaving(fileAccess);
      return {
        'sensitive-leaving': {
          value: risky,
          severity: severityAt(risky, 10),
          events: {
            label: fileAccess.sensitiveLabels.join(','),
            destination: RISKY_DESTINATIONS.join(','),
          },
        },
      };
    },
    anomalies: ({ fileAccess, devices }) =>
      labelledLeaving(fileAccess) + devices.removableMedia.writes,
  },
);

/** Label → action → destination flows. */
export const fileSankeyDetector = defineDetector('fileSankey', (ctx, query) =>
  detectFileSankey(ctx, query.label),
);
