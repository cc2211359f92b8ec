import { humanize, plural } from '../../../shared/wording';
import type { DetectorParts } from './define-detector';
import { timeColumn } from './topic-report';

/** What the summary, the remediation and the report say of competitor mentions. */
export const competitorMentionsParts: DetectorParts<'competitorMentions'> = {
  narrative: ({ competitorMentions }) => {
    const mentions = competitorMentions.competitors.filter((c) => c.mentions > 0);
    return {
      lines: mentions.length
        ? [`Competitors named: ${mentions.map((c) => `${c.name} (${c.mentions})`).join(', ')}.`]
        : [],
    };
  },
  remediation: ({ competitorMentions }) =>
    competitorMentions.mentions.length
      ? [
          {
            id: 'competitor',
            severity: 'medium',
            urgency: 8,
            title: 'Competitor contact',
            action: 'Brief Legal on the competitor contact and preserve the conversations.',
            rationale: `${plural(competitorMentions.mentions.length, 'message names', 'messages name')} a competitor.`,
          },
        ]
      : [],
  report: {
    tables: (reply) => [
      {
        name: 'competitor-mentions',
        title: 'Mentions of competitors',
        columns: [
          timeColumn('Time'),
          { name: 'Competitor' },
          { name: 'Channel' },
          { name: 'External' },
          { name: 'Snippet' },
        ],
        rows: reply.mentions.map((m) => [
          m.time,
          m.competitor,
          humanize(m.channel),
          m.external,
          m.snippet,
        ]),
      },
    ],
  },
};
