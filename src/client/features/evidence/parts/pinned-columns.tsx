import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { buildPath, routes } from '../../../../shared/routes';
import { EVENT_PIN_PAGES } from '../../../../shared/schemas/findings/pins';
import type { Pin, VerifyPinReply } from '../../../../shared/schemas/findings/pins';
import { hashLabel } from '../../../../shared/schemas/findings/pins';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { formatDate, formatDateTime, isoDateTime } from '../../../components/format';
import { Tooltip } from '../../../components/tooltip';
import { PIN_PARAM } from './pin-marks';
import { plural } from '../../../../shared/wording';

/** Where a pin came from, as a link's words and address; null when it does not say. */
export function sourceOf(investigationId: string, pin: Pin): { label: string; to: string } | null {
  if (pin.page === 'incidents') {
    const content = (pin.content ?? {}) as Record<string, unknown>;
    // Server-captured pins keep the incident; older ones kept what the browser sent.
    const incident = (content.incident ?? {}) as Record<string, unknown>;
    const incidentId = incident.id ?? content.incidentId;
    const title = incident.title ?? content.incidentTitle;
    if (typeof incidentId !== 'string') return null;
    return {
      label: typeof title === 'string' ? `Incident: ${title}` : 'Incident timeline',
      to: buildPath('incident', { id: investigationId, incidentId }),
    };
  }
  if (pin.page === EVENT_PIN_PAGES.timeline) {
    return { label: 'Subject timeline', to: buildPath('subjectTimeline', { id: investigationId }) };
  }
  if (!pin.page) return null;
  const route = routes[`evidence.${pin.page}` as keyof typeof routes] as
    { title: string } | undefined;
  if (!route) return null;
  // The page opens on the pinned row (FindingTable reads ?pin=).
  return {
    label: route.title.replace(/^Evidence: /, ''),
    to: `${pin.page}?${new URLSearchParams({ [PIN_PARAM]: pin.ref }).toString()}`,
  };
}

/** A pin's state in words: removed (who, why), or its last verification this session. */
export function pinStatus(pin: Pin, check: VerifyPinReply | undefined): string {
  if (pin.removed) {
    return `Removed by ${pin.removed.by?.displayName ?? 'someone'}: ${pin.removed.reason}`;
  }
  if (!pin.contentSha256) return 'Not hashed (pinned before hashing)';
  if (!check) return 'Not verified yet (v)';
  if (check.status === 'intact') return 'Intact';
  const events = check.raw.filter((r) => r.status !== 'intact').length;
  return events
    ? `Changed: ${plural(events, 'event differs', 'events differ')} now`
    : 'Changed: the stored content';
}

/** A row of the pinned-evidence grid: the pin, and its last verification this session. */
export type PinRow = Pin & { check?: VerifyPinReply | undefined };

/** A tombstone's cells read struck through and dimmed. */
function faded(pin: Pin, content: ReactNode): ReactNode {
  return pin.removed ? <span className="pin-removed">{content}</span> : content;
}

/** The tone of a pin's status: removed, intact, changed, or not checked yet. */
function statusTone(pin: Pin, check: VerifyPinReply | undefined): string {
  if (pin.removed) return 'pin-status removed';
  if (check?.status === 'intact') return 'pin-status intact';
  if (check?.status === 'changed') return 'pin-status changed';
  return 'pin-status';
}

/**
 * The pinned-evidence grid's columns, narrow enough to fit the summary's card beside the
 * locker's page list (only When is left out at 1280 px); the evidence, its note, hash, status
 * and who pinned it stay when a pane is narrower.
 */
export function pinnedColumns(investigationId: string): DataTableColumn<PinRow>[] {
  return [
    {
      id: 'label',
      header: 'Evidence',
      value: (p) => p.label,
      cell: (p) => faded(p, p.label),
      keyColumn: true,
    },
    {
      id: 'page',
      header: 'From',
      value: (p) => sourceOf(investigationId, p)?.label ?? '—',
      cell: (p) => {
        const source = sourceOf(investigationId, p);
        return source ? (
          <Link to={source.to} tabIndex={-1}>
            {source.label}
          </Link>
        ) : (
          '—'
        );
      },
      width: 105,
    },
    {
      id: 'note',
      header: 'Note',
      value: (p) => p.note,
      cell: (p) => faded(p, p.note),
      width: 120,
      keyColumn: true,
    },
    {
      id: 'sha256',
      header: 'Hash',
      value: (p) => p.contentSha256 ?? '',
      cell: (p) =>
        p.contentSha256 ? (
          <Tooltip
            content={
              p.hash === 'sha256'
                ? `SHA-256 of the captured content: ${p.contentSha256}`
                : `HMAC-SHA-256 of the captured content's SHA-256, keyed by this installation because the content names someone hidden from you: ${p.contentSha256}`
            }
          >
            <code className="pin-hash" aria-label={`${hashLabel(p.hash)} ${p.contentSha256}`}>
              {faded(p, `${p.contentSha256.slice(0, 10)}…`)}
            </code>
          </Tooltip>
        ) : (
          <span className="faint">not hashed</span>
        ),
      width: 95,
      keyColumn: true,
    },
    {
      id: 'status',
      header: 'Status',
      value: (p) => pinStatus(p, p.check),
      cell: (p) => {
        const text = pinStatus(p, p.check);
        return (
          <Tooltip content={text}>
            <span className={statusTone(p, p.check)}>{text}</span>
          </Tooltip>
        );
      },
      width: 120,
      keyColumn: true,
    },
    {
      id: 'by',
      header: 'Pinned by',
      value: (p) => p.createdBy?.displayName ?? '—',
      width: 100,
      keyColumn: true,
    },
    {
      id: 'at',
      header: 'When',
      value: (p) => p.createdAt,
      cell: (p) => (
        <Tooltip content={formatDateTime(p.createdAt)}>
          <span>{formatDate(p.createdAt)}</span>
        </Tooltip>
      ),
      exportText: (p) => isoDateTime(p.createdAt),
      width: 110,
    },
  ];
}
