import { severityLabels } from '../../shared/incident-model';
import type { NotificationEvent } from './notification-event';

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * The line that names an event in a message's subject and in the delivery log. A case's own
 * title is not in it (a person may have written a name there): the message withholds names
 * in it when it is sent.
 */
export function notificationTitle(event: NotificationEvent): string {
  switch (event.type) {
    case 'alert.created':
      return `${severityLabels[event.alert.severity]} alert: ${event.alert.title}`;
    case 'alert.severity_raised':
      return `Alert rose to ${severityLabels[event.alert.severity]}: ${event.alert.title}`;
    case 'alert.assigned':
      return `An alert was assigned: ${event.alert.title}`;
    case 'case.assigned':
      return 'A case was assigned';
    case 'reveal.requested':
      return 'A reveal request is waiting for a privacy officer';
    case 'reveal.decided':
      return event.reveal.decision === 'granted'
        ? 'Your reveal request was granted'
        : 'Your reveal request was denied';
    case 'collector.failing':
      return `Collector failing for more than 15 minutes: ${event.integration.name}`;
    case 'retention.removed':
      return `Retention removed ${count(event.removed.events, 'event', 'events')}, ${count(
        event.removed.cases,
        'case',
        'cases',
      )} and ${count(event.removed.auditEntries, 'audit entry', 'audit entries')}`;
    case 'channel.test':
      return 'Test message from Vigil';
  }
}
