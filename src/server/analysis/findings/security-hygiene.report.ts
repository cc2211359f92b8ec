import type { DetectorParts } from './define-detector';
import { timeColumn } from './topic-report';

/** What the summary, the remediation and the report say of security hygiene. */
export const securityHygieneParts: DetectorParts<'securityHygiene'> = {
  narrative: ({ securityHygiene }) => {
    const critical = securityHygiene.items.filter(
      (i) => i.severity === 'critical' || i.severity === 'high',
    );
    return {
      lines: critical.length
        ? [
            `Security hygiene: ${critical.map((i) => `${i.title.toLowerCase()} (${i.count})`).join(', ')}.`,
          ]
        : [],
    };
  },
  remediation: ({ securityHygiene }) => {
    const tamper = securityHygiene.items.filter(
      (i) => (i.id === 'security-tools-tampered' || i.id === 'logs-cleared') && i.count > 0,
    );
    const mfa = securityHygiene.items.find((i) => i.id === 'mfa-disabled' && i.count > 0);
    const admin = securityHygiene.items.find((i) => i.id === 'admin-rights' && i.count > 0);
    return [
      ...(tamper.length
        ? [
            {
              id: 'restore-defenses',
              severity: 'critical' as const,
              urgency: 1,
              title: tamper.map((i) => i.title).join(' and '),
              action:
                'Isolate the endpoint, re-enable endpoint protection and collect a forensic image before logs are lost further.',
              rationale: `${tamper.reduce((s, i) => s + i.count, 0)} tampering or log-clearing events.`,
            },
          ]
        : []),
      ...(mfa || admin
        ? [
            {
              id: 'reset-identity',
              severity: 'high' as const,
              urgency: 2,
              title: [mfa?.title, admin?.title].filter(Boolean).join(' and '),
              action:
                'Re-enroll MFA, revoke the admin rights granted and reset the subject’s sessions and credentials.',
              rationale: 'Identity controls were weakened during the window.',
            },
          ]
        : []),
    ];
  },
  report: {
    charts: (hygiene) => [
      {
        title: 'Findings per check',
        kind: 'bar',
        labels: hygiene.items.map((i) => i.title),
        series: [{ name: 'Count', values: hygiene.items.map((i) => i.count) }],
      },
    ],
    tables: (hygiene) => [
      {
        name: 'checks',
        title: 'Security hygiene checks',
        columns: [
          { name: 'Check' },
          { name: 'Severity' },
          { name: 'Count' },
          timeColumn('First seen'),
          timeColumn('Last seen'),
        ],
        rows: hygiene.items.map((i) => [i.title, i.severity, i.count, i.firstSeen, i.lastSeen]),
      },
    ],
  },
};
