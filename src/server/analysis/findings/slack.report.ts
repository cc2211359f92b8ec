import { formatCount, humanize } from '../../../shared/wording';
import type { DetectorParts } from './define-detector';
import { timeColumn } from './topic-report';

/** What the report says of files shared in chat. */
export const slackSharesParts: DetectorParts<'slackShares'> = {
  report: {
    facts: (reply) => [
      { label: 'Files shared in chat outside', value: formatCount(reply.summary.external) },
    ],
    tables: (reply) => [
      {
        name: 'chat-shares',
        title: 'Files shared in chat',
        columns: [
          timeColumn('Time'),
          { name: 'File' },
          { name: 'Label' },
          { name: 'Channel' },
          { name: 'External' },
          { name: 'Destination' },
        ],
        rows: reply.shares.map((s) => [
          s.time,
          s.file,
          s.label,
          s.channel,
          s.external,
          s.destination ? humanize(s.destination) : null,
        ]),
      },
    ],
  },
};

/** What the report says of files downloaded from chat. */
export const slackDownloadsParts: DetectorParts<'slackDownloads'> = {
  report: {
    tables: (reply) => [
      {
        name: 'chat-downloads',
        title: 'Files downloaded from chat',
        columns: [{ name: 'File' }, { name: 'Downloads' }, timeColumn('Last seen')],
        rows: reply.files.map((d) => [d.name ?? d.fileId, d.downloads, d.lastSeen]),
      },
    ],
  },
};
