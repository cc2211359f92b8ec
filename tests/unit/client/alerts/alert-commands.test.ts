import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Permission } from '../../../../src/shared/permissions';
import type { AlertSummary } from '../../../../src/shared/schemas/alerts';
import type { AlertTarget } from '../../../../src/client/state/alert-target';
import { setAlertTarget } from '../../../../src/client/state/alert-target';
import {
  NO_ALERT_SCREEN,
  alertActionBlocked,
} from '../../../../src/client/commands/alert/alert-availability';
import type { CommandContext } from '../../../../src/client/commands/command';
import { commandsById } from '../../../../src/client/commands/registry';
import { nextCursorRow } from '../../../../src/client/features/alerts/alert-changes';
import { TRIAGER, alert } from './fake-alerts-api';

const can = (permissions: Permission[]) => new Set(permissions);
const blocked = (
  action: Parameters<typeof alertActionBlocked>[0],
  alerts: readonly AlertSummary[] | null,
  permissions: Permission[] = TRIAGER,
) => alertActionBlocked(action, can(permissions), alerts);

function contextWith(permissions: Permission[]): CommandContext {
  return {
    keys: {},
    me: undefined,
    permissions: new Set(permissions),
    location: '/app/alerts',
    investigationId: null,
    source: 'key',
  };
}

/** A screen with these alerts in hand, recording what the commands asked of it. */
function screenWith(alerts: AlertSummary[]) {
  const target: AlertTarget = {
    alerts: () => alerts,
    dismiss: vi.fn(),
    assign: vi.fn(),
    review: vi.fn(),
    reopen: vi.fn(),
    escalate: vi.fn(),
  };
  undo = setAlertTarget(target);
  return target;
}

let undo: () => void = () => undefined;
afterEach(() => undo());

describe('when alert actions can run', () => {
  it('need an alert screen, then an alert in hand', () => {
    for (const action of ['dismiss', 'assign', 'review', 'reopen', 'escalate'] as const) {
      expect(blocked(action, null), action).toBe(NO_ALERT_SCREEN);
      expect(blocked(action, []), action).toBe(
        'Move to an alert first (j/k), or select some with x.',
      );
    }
    expect(blocked('dismiss', [alert('a1')])).toBeNull();
    expect(blocked('assign', [alert('a1'), alert('a2')])).toBeNull();
  });

  it('need evidence.write to change alerts and investigations.write to open a case', () => {
    const readOnly: Permission[] = ['investigations.read_all', 'evidence.read'];
    for (const action of ['dismiss', 'assign', 'review', 'reopen'] as const) {
      expect(blocked(action, [alert('a1')], readOnly), action).toBe(
        'Your role does not allow changing alerts.',
      );
    }
    expect(blocked('escalate', [alert('a1')], readOnly)).toBe(
      'Your role does not allow opening investigations.',
    );
    // A case is opened from the alert, which changes too.
    expect(blocked('escalate', [alert('a1')], [...readOnly, 'investigations.write'])).toBe(
      'Your role does not allow changing alerts.',
    );
    expect(
      blocked('escalate', [alert('a1')], [...readOnly, 'investigations.write', 'evidence.write']),
    ).toBeNull();
    expect(blocked('dismiss', [alert('a1')], [...readOnly, 'evidence.write'])).toBeNull();
  });

  it('refuse to repeat a status every alert already has, but not when one of them differs', () => {
    const dismissed = alert('a1', { status: 'dismissed', reason: 'Backup job' });
    expect(blocked('dismiss', [dismissed])).toBe('This alert is already dismissed.');
    expect(blocked('dismiss', [dismissed, alert('a2')])).toBeNull();
    const reviewing = [alert('a1', { status: 'in_review' }), alert('a2', { status: 'in_review' })];
    expect(blocked('review', reviewing)).toBe('These alerts are already in review.');
    expect(blocked('reopen', [alert('a1')])).toBe('This alert is already new.');
    expect(blocked('reopen', [dismissed])).toBeNull();
  });

  it('leave the status of an alert that became a case to the case', () => {
    const escalated = alert('a1', { status: 'escalated', investigationId: 'inv-1' });
    expect(blocked('dismiss', [escalated])).toBe(
      'This alert became a case: change its status in the investigation.',
    );
    expect(blocked('review', [escalated, alert('a2')])).toMatch(/leave it out \(x\)/);
    expect(blocked('assign', [escalated, alert('a2')])).toBeNull();
  });

  it('open a case from one alert at a time, and not twice', () => {
    expect(blocked('escalate', [alert('a1'), alert('a2')])).toBe(
      'A case is opened from one alert at a time: clear the selection (Esc) or keep one.',
    );
    expect(
      blocked('escalate', [alert('a1', { status: 'escalated', investigationId: 'inv-1' })]),
    ).toBe('This alert is already part of a case.');
  });
});

describe('the alert commands', () => {
  const ids = ['alert.dismiss', 'alert.assign', 'alert.review', 'alert.reopen', 'alert.escalate'];

  it('say why they cannot run away from an alert screen', () => {
    for (const id of ids) {
      expect(commandsById.get(id)!.disabledReason!(contextWith(TRIAGER)), id).toBe(NO_ALERT_SCREEN);
    }
  });

  it('read the alerts the screen has in hand and hand the action to it', async () => {
    const target = screenWith([alert('a1', { status: 'in_review' })]);
    const context = contextWith(TRIAGER);
    expect(commandsById.get('alert.dismiss')!.disabledReason!(context)).toBeNull();
    expect(commandsById.get('alert.review')!.disabledReason!(context)).toBe(
      'This alert is already in review.',
    );
    await commandsById.get('alert.dismiss')!.run(undefined, context);
    expect(target.dismiss).toHaveBeenCalledOnce();
    await commandsById.get('alert.assign')!.run({ userId: 'u2' }, context);
    await commandsById.get('alert.assign')!.run({ userId: '' }, context);
    expect(target.assign).toHaveBeenNthCalledWith(1, 'u2');
    expect(target.assign).toHaveBeenNthCalledWith(2, null);
    await commandsById.get('alert.escalate')!.run(undefined, context);
    expect(target.escalate).toHaveBeenCalledOnce();
  });
});

describe('where the cursor goes after a change', () => {
  const rows = ['a1', 'a2', 'a3', 'a4'];

  it('goes to the next alert the change left alone', () => {
    expect(nextCursorRow(rows, 'a2', new Set(['a2']))).toBe('a3');
    expect(nextCursorRow(rows, 'a2', new Set(['a2', 'a3']))).toBe('a4');
  });

  it('stays on its row when the change was about other rows', () => {
    expect(nextCursorRow(rows, 'a2', new Set(['a1', 'a4']))).toBe('a2');
  });

  it('goes up from the end of the list, and nowhere when nothing is left', () => {
    expect(nextCursorRow(rows, 'a4', new Set(['a4']))).toBe('a3');
    expect(nextCursorRow(rows, 'a1', new Set(rows))).toBeNull();
  });
});
