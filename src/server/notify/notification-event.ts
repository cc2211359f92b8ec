import type { IncidentSeverity } from '../../shared/incident-model';
import type { NotificationEventType, TriggerKind } from '../../shared/schemas/notifications';

/** An alert as a notification names it: ids and words, the person by id only. */
export interface AlertFacts {
  id: string;
  title: string;
  severity: IncidentSeverity;
  ruleId: string;
  /** The shipped policies that hold the rule (a rule trigger may name one). */
  policyIds: string[];
  employeeId: string;
}

/**
 * Something Vigil tells people about, as the outbox keeps it: ids and words, never a person's
 * name (the message is built at sending, the person by pseudonym through the presenter).
 */
export type NotificationEvent =
  | { type: 'alert.created'; alert: AlertFacts }
  | { type: 'alert.severity_raised'; alert: AlertFacts; previousSeverity: IncidentSeverity }
  | {
      type: 'alert.assigned';
      alert: Omit<AlertFacts, 'policyIds'>;
      assigneeUserId: string;
    }
  | { type: 'case.assigned'; investigation: { id: string; title: string }; assigneeUserId: string }
  | { type: 'reveal.requested'; reveal: { id: string; investigationId: string } }
  | {
      type: 'reveal.decided';
      reveal: { id: string; investigationId: string; decision: 'granted' | 'denied' };
      requesterUserId: string;
    }
  | {
      type: 'collector.failing';
      integration: { id: string; name: string; kind: string };
      failingSince: number;
      lastError: string | null;
    }
  | {
      type: 'retention.removed';
      runId: string | null;
      removed: { events: number; cases: number; auditEntries: number };
    }
  | { type: 'channel.test' };

/** The rule trigger each event type answers to (a test answers to none). */
export const triggerOfEvent: Record<NotificationEventType, TriggerKind | null> = {
  'alert.created': 'alert',
  'alert.severity_raised': 'severity_rising',
  'alert.assigned': 'case_assigned',
  'case.assigned': 'case_assigned',
  'reveal.requested': 'reveal_requested',
  'reveal.decided': 'reveal_decided',
  'collector.failing': 'collector_failing',
  'retention.removed': 'retention_removed',
  'channel.test': null,
};

/**
 * What makes an event itself: a channel gets each key once. An alert's rise is keyed by the
 * severity it reached; a failing collector by when it began failing.
 */
export function eventKey(event: NotificationEvent): string {
  switch (event.type) {
    case 'alert.created':
      return `alert.created:${event.alert.id}`;
    case 'alert.severity_raised':
      return `alert.severity_raised:${event.alert.id}:${event.alert.severity}`;
    case 'alert.assigned':
      return `alert.assigned:${event.alert.id}:${event.assigneeUserId}`;
    case 'case.assigned':
      return `case.assigned:${event.investigation.id}:${event.assigneeUserId}`;
    case 'reveal.requested':
      return `reveal.requested:${event.reveal.id}`;
    case 'reveal.decided':
      return `reveal.decided:${event.reveal.id}`;
    case 'collector.failing':
      return `collector.failing:${event.integration.id}:${event.failingSince}`;
    case 'retention.removed':
      return `retention.removed:${event.runId ?? Date.now()}`;
    case 'channel.test':
      return `channel.test:${crypto.randomUUID()}`;
  }
}
