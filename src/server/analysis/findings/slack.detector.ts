import type { SlackDownloadsReply, SlackSharesReply } from '../../../shared/schemas/findings/slack';
import { dailyGroups } from '../../db/queries/findings/daily-groups';
import { chatDownloadsByFile, chatShares } from '../../db/queries/findings/messages';
import { defineDetector } from './define-detector';
import { dayKey, median } from './day-keys';
import type { FindingContext } from './finding-context';
import { slackDownloadsParts, slackSharesParts } from './slack.report';

/** A Slack conversation id (C…, D…, G…) rather than a name people gave it. */
const SLACK_ID = /^[CDG][A-Z0-9]{6,}$/;

/**
 * How a share's conversation reads: `#name` for a channel, "Direct message" for a DM (whose
 * record carries only the conversation id, not who it was with), and the name when a direct
 * or group conversation has one. Null when the share went to no conversation (a public link).
 */
export function channelName(channel: string | null, direct: boolean): string | null {
  if (!channel) return null;
  const named = !SLACK_ID.test(channel);
  if (direct) return named ? `Direct message: ${channel}` : 'Direct message';
  return named ? `#${channel.replace(/^#/, '')}` : `Channel ${channel}`;
}

/** GET findings/slack-shares: files shared outside the company, by public link or in direct messages. */
async function detectSlackShares(ctx: FindingContext): Promise<SlackSharesReply> {
  const rows = await chatShares(ctx.db, ctx.dialect, ctx.subject.id, ctx.window, 2000);
  const shares = rows.map((r) => ({
    id: String(r.id),
    time: r.time,
    file: r.file_name,
    label: r.file_label,
    channel: channelName(r.chat_channel, r.chat_direct === 1),
    channelId: r.chat_channel,
    external: r.chat_external === 1 || r.activity === 'file_share_external',
    direct: r.chat_direct === 1,
    destination: r.file_destination,
  }));
  return {
    window: ctx.window,
    summary: {
      shares: shares.length,
      external: shares.filter((s) => s.external).length,
      direct: shares.filter((s) => s.direct).length,
      publicLinks: shares.filter((s) => s.destination === 'public_link').length,
    },
    shares,
  };
}

/** GET findings/slack-downloads: how much the subject downloads from chat, and when. */
async function detectSlackDownloads(ctx: FindingContext): Promise<SlackDownloadsReply> {
  const [perDay, { files, distinct }] = await Promise.all([
    dailyGroups(ctx.db, ctx.build, ctx.window, ['day'], { activities: ['chat_file_download'] }),
    chatDownloadsByFile(ctx.db, ctx.dialect, ctx.subject.id, ctx.window, 200),
  ]);
  const days = perDay
    .sort((a, b) => (a.day ?? 0) - (b.day ?? 0))
    .map((g) => ({ date: dayKey(g.day ?? 0), count: g.n }));
  const busiest = days.reduce<(typeof days)[number] | null>(
    (best, d) => (!best || d.count > best.count ? d : best),
    null,
  );
  const typical = median(days.map((d) => d.count));
  return {
    window: ctx.window,
    summary: {
      downloads: days.reduce((s, d) => s + d.count, 0),
      files: distinct,
      busiestDay: busiest,
      peakRatio: busiest && typical > 0 ? Math.round((busiest.count / typical) * 10) / 10 : 0,
    },
    days,
    files,
  };
}

/** Files shared in chat outside the company. */
export const slackSharesDetector = defineDetector(
  'slackShares',
  detectSlackShares,
  slackSharesParts,
);

/** Files downloaded from chat. */
export const slackDownloadsDetector = defineDetector(
  'slackDownloads',
  detectSlackDownloads,
  slackDownloadsParts,
);
