import { severityLabels } from '../../shared/incident-model';
import { buildPath } from '../../shared/routes';
import { presentNotifiedPerson } from '../presenters/employee';
import type { NotificationEvent } from './notification-event';

/** What a message needs besides the event: where Vigil is, and how people are named. */
export interface MessageContext {
  /** Vigil's address as people open it (VIGIL_PUBLIC_URL), without a trailing slash. */
  publicUrl: string;
  pseudonyms: { of(employeeId: string): { name: string } };
  /** Text a person wrote (a case title), with the people it names withheld. */
  withhold: (text: string) => string;
}

/** One message, ready for any channel to format. */
export interface NotificationMessage {
  deliveryId: string;
  type: NotificationEvent['type'];
  /** ISO 8601, UTC. */
  occurredAt: string;
  title: string;
  severity: string | null;
  /** The link into Vigil. */
  url: string;
  /** Label and value pairs a chat card or an email lists. */
  facts: Array<[string, string]>;
  /** The generic webhook's JSON body. */
  body: Record<string, unknown>;
}

/**
 * Builds what a delivery says: the title, severity, rule, the person by pseudonym only, the
 * time and a link into Vigil. Nothing more about the person: a notification leaves Vigil.
 */
export function buildMessage(
  deliveryId: string,
  event: NotificationEvent,
  title: string,
  occurredAtMs: number,
  context: MessageContext,
): NotificationMessage {
  const occurredAt = new Date(occurredAtMs).toISOString();
  const link = (path: string) => `${context.publicUrl}${path}`;
  const head = { id: deliveryId, type: event.type, occurredAt };
  const base = { deliveryId, type: event.type, occurredAt, title };
  switch (event.type) {
    case 'alert.created':
    case 'alert.severity_raised':
    case 'alert.assigned': {
      const { alert } = event;
      const url = link(buildPath('alert', { alertId: alert.id }));
      const person = presentNotifiedPerson(alert.employeeId, context.pseudonyms);
      const facts: Array<[string, string]> = [
        ['Severity', severityLabels[alert.severity]],
        ['Rule', alert.ruleId],
        ['Person', person.pseudonym],
        ['Time', occurredAt],
      ];
      const described = {
        id: alert.id,
        title: alert.title,
        severity: alert.severity,
        rule: alert.ruleId,
        person,
        url,
      };
      return {
        ...base,
        severity: alert.severity,
        url,
        facts,
        body:
          event.type === 'alert.severity_raised'
            ? { ...head, alert: described, previousSeverity: event.previousSeverity }
            : { ...head, alert: described },
      };
    }
    case 'case.assigned': {
      const url = link(buildPath('investigation', { id: event.investigation.id }));
      const caseTitle = context.withhold(event.investigation.title);
      return {
        ...base,
        severity: null,
        url,
        facts: [
          ['Case', caseTitle],
          ['Time', occurredAt],
        ],
        body: { ...head, case: { id: event.investigation.id, title: caseTitle, url } },
      };
    }
    case 'reveal.requested':
    case 'reveal.decided': {
      const url =
        event.type === 'reveal.requested'
          ? link(buildPath('privacyReveals', {}))
          : link(buildPath('investigation', { id: event.reveal.investigationId }));
      const decision = event.type === 'reveal.decided' ? event.reveal.decision : null;
      return {
        ...base,
        severity: null,
        url,
        facts: [
          ...(decision ? [['Decision', decision] as [string, string]] : []),
          ['Time', occurredAt],
        ],
        body: {
          ...head,
          reveal: {
            id: event.reveal.id,
            caseId: event.reveal.investigationId,
            ...(decision ? { decision } : {}),
            url,
          },
        },
      };
    }
    case 'collector.failing': {
      const url = link(buildPath('integrationSettings', { integrationId: event.integration.id }));
      const since = new Date(event.failingSince).toISOString();
      return {
        ...base,
        severity: 'high',
        url,
        facts: [
          ['Integration', event.integration.name],
          ['Failing since', since],
          ...(event.lastError ? [['Last error', event.lastError] as [string, string]] : []),
        ],
        body: {
          ...head,
          integration: {
            id: event.integration.id,
            name: event.integration.name,
            kind: event.integration.kind,
            failingSince: since,
            lastError: event.lastError,
            url,
          },
        },
      };
    }
    case 'retention.removed': {
      const url = link(buildPath('privacySettings', {}));
      return {
        ...base,
        severity: null,
        url,
        facts: [
          ['Events', String(event.removed.events)],
          ['Cases', String(event.removed.cases)],
          ['Audit entries', String(event.removed.auditEntries)],
          ['Time', occurredAt],
        ],
        body: { ...head, retention: { ...event.removed, url } },
      };
    }
    case 'channel.test': {
      const url = link(buildPath('dashboard', {}));
      return {
        ...base,
        severity: null,
        url,
        facts: [['Time', occurredAt]],
        body: { ...head, message: 'This is a test message from Vigil.', url },
      };
    }
  }
}
