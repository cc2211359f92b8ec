import type { CommittedBatch } from '../pipeline/batch-listeners';

/**
 * Whether a batch can change whom events map to: it wrote employees (HR, with their aliases)
 * or device observations (a device's owner maps the local accounts used on it).
 */
export function changesIdentities(batch: CommittedBatch): boolean {
  return batch.employees > 0 || batch.sources.includes('device_inventory');
}
