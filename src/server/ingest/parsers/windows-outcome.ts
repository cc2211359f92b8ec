import type { EventDraft } from './event-builder';
import type { WindowsHandles } from './windows-handles';
import type { RemovableMediaRule } from './windows-files';

/** What a Windows event says, before the time, id and actor common to all are added. */
export type WindowsFacts = Omit<
  EventDraft,
  'time' | 'sourceEventId' | 'actorEmail' | 'actorId' | 'action'
> & {
  /** The native verb; by default the event id and its kind ("4624 Security logon"). */
  action?: string;
};

/**
 * What Vigil makes of one Windows event: an event done by `account` (`DOMAIN\user` or a SID,
 * null when only the computer is known), or a skip reason ("<what>: <why>").
 */
export type WindowsOutcome = { facts: WindowsFacts; account: string | null } | { skip: string };

/** What a session remembers across a file's events. */
export interface WindowsState {
  removable: RemovableMediaRule;
  handles: WindowsHandles;
}
