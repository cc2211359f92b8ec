import type { FastifyBaseLogger } from 'fastify';

import type { DatabaseHandle } from '../../db/database';
import { resolveUnmappedEvents } from './resolve-unmapped';

interface ResolutionState {
  running: Promise<void> | null;
  /** Asked for again while a pass ran: run once more when it ends. */
  again: boolean;
  log: FastifyBaseLogger | null;
}

const states = new WeakMap<DatabaseHandle, ResolutionState>();

function stateOf(handle: DatabaseHandle): ResolutionState {
  let state = states.get(handle);
  if (state === undefined) {
    state = { running: null, again: false, log: null };
    states.set(handle, state);
  }
  return state;
}

/** Where the passes of this database report what they did (the server's log). */
export function setIdentityResolutionLog(handle: DatabaseHandle, log: FastifyBaseLogger): void {
  stateOf(handle).log = log;
}

/**
 * Asks for the events that mapped to nobody to be resolved again, in the background: after the
 * directory changed (HR records, device owners) or the mapping did (company domains, NetBIOS
 * names). One pass runs at a time per database; asks during a pass make one more pass after
 * it, so the last change is always seen. Never throws: a failed pass is logged and the next ask
 * tries again.
 */
export function requestIdentityResolution(handle: DatabaseHandle): void {
  const state = stateOf(handle);
  if (state.running !== null) {
    state.again = true;
    return;
  }
  state.running = runPasses(handle, state);
}

async function runPasses(handle: DatabaseHandle, state: ResolutionState): Promise<void> {
  try {
    do {
      state.again = false;
      try {
        const outcome = await resolveUnmappedEvents(handle);
        if (outcome.events > 0) {
          state.log?.info(outcome, 'identity mapping: unmapped events resolved again');
        }
      } catch (error) {
        state.log?.error({ err: error }, 'identity mapping: could not resolve unmapped events');
      }
    } while (state.again);
  } finally {
    state.running = null;
  }
}

/** Resolves once no pass is running or waiting (the command line before exit, tests). */
export async function identityResolutionSettled(handle: DatabaseHandle): Promise<void> {
  for (let state = states.get(handle); state?.running; state = states.get(handle)) {
    await state.running;
  }
}

/** True while a pass is running or waiting for this database. */
export function identityResolutionRunning(handle: DatabaseHandle): boolean {
  return states.get(handle)?.running != null;
}
