import { formatCount, plural } from '../../../shared/wording';
import type { DetectorParts } from './define-detector';
import { bytesColumn, listCell, timeColumn } from './topic-report';

/** What the summary and the report say of mail outside the company. */
export const externalEmailsParts: DetectorParts<'externalEmails'> = {
  narrative: ({ externalEmails }) => ({
    lines: externalEmails.summary.personal
      ? [
          `${plural(externalEmails.summary.personal, 'email')} went to personal addresses (${plural(externalEmails.summary.withAttachments, 'external email')} carried attachments).`,
        ]
      : [],
  }),
  report: {
    charts: (mail) => [
      {
        title: 'Mail outside the company per day',
        kind: 'bar',
        labels: mail.daily.map((d) => d.date),
        series: [
          { name: 'Business', values: mail.daily.map((d) => d.external - d.personal) },
          { name: 'Personal', values: mail.daily.map((d) => d.personal) },
        ],
      },
    ],
    facts: (mail) => [
      { label: 'Mails sent', value: formatCount(mail.summary.sent) },
      { label: 'Outside the company', value: formatCount(mail.summary.external) },
    ],
    tables: (mail) => [
      {
        name: 'external-email-domains',
        title: 'Mail outside the company, by domain',
        columns: [
          { name: 'Domain' },
          { name: 'Kind' },
          { name: 'Messages' },
          { name: 'Attachments' },
          bytesColumn('Size'),
          timeColumn('Last seen'),
        ],
        rows: mail.domains.map((d) => [
          d.domain,
          d.kind,
          d.messages,
          d.attachments,
          d.bytes,
          d.lastSeen,
        ]),
      },
      {
        name: 'external-emails',
        title: 'Mail outside the company',
        columns: [
          timeColumn('Time'),
          { name: 'Kind' },
          { name: 'Subject' },
          { name: 'Recipients' },
          { name: 'Attachments' },
          { name: 'Label' },
        ],
        rows: mail.messages.map((m) => [
          m.time,
          m.kind,
          m.subject,
          listCell(m.recipients),
          m.attachments,
          m.label,
        ]),
      },
    ],
  },
};
