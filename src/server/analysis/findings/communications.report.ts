import type { DetectorParts } from './define-detector';

/** What the report says of the subject's contacts (one hop, the report's query). */
export const communicationsParts: DetectorParts<'communications'> = {
  report: {
    tables: (graph) => [
      {
        name: 'contacts',
        title: 'Contacts (one hop)',
        columns: [
          { name: 'Contact' },
          { name: 'Kind' },
          { name: 'Messages' },
          { name: 'External' },
          { name: 'Personal' },
          { name: 'Competitor' },
        ],
        rows: graph.nodes
          .filter((n) => n.kind !== 'subject')
          .sort((x, y) => y.weight - x.weight)
          .map((n) => [n.label, n.kind, n.weight, n.external, n.personal, n.competitor]),
      },
    ],
  },
};
