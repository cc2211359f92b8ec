// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { runCommand } from '../../../../src/client/commands/run-command';
import { installKeyHandler } from '../../../../src/client/keymap/key-handler';

vi.mock('../../../../src/client/commands/run-command', () => ({
  runCommand: vi.fn(async () => undefined),
}));

let stopKeys: () => void = () => undefined;
let clock = 0;

beforeEach(() => {
  clock = 10_000;
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
  vi.mocked(runCommand).mockClear();
  stopKeys = installKeyHandler();
});
afterEach(() => {
  stopKeys();
  vi.restoreAllMocks();
});

/** A key press handled at the clock's time, pressed at `pressedAt` (its event's time stamp). */
function press(key: string, pressedAt: number) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  Object.defineProperty(event, 'timeStamp', { value: pressedAt });
  window.dispatchEvent(event);
}

describe('a key sequence on a busy page', () => {
  it('is timed by when its keys were pressed, not by when the page handled them', () => {
    press('g', 10_000);
    // The page was busy for a second and a half; the i was pressed 150 ms after the g.
    clock = 11_600;
    press('i', 10_150);
    expect(vi.mocked(runCommand).mock.calls.map((call) => call[0])).toEqual(['nav.investigations']);
  });

  it('still times out when the second key came late', () => {
    press('g', 10_000);
    clock = 11_600;
    press('i', 11_600);
    expect(runCommand).not.toHaveBeenCalled();
  });
});
