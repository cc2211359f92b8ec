import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { endpointIds } from '../../../shared/findings/case-endpoints';
import type { EndpointId } from '../../../shared/findings/case-endpoints';
import { isDetector } from './define-detector';
import type { Detector } from './define-detector';

const folder = dirname(fileURLToPath(import.meta.url));
const DETECTOR_FILE = /\.detector\.[cm]?[jt]s$/;

/** Every detector, one per finding endpoint of the catalogue. */
export interface DetectorRegistry {
  /** The detector of one catalogue entry. */
  of<K extends EndpointId>(topic: K): Detector<K>;
  /** Every detector, in the order of their files. */
  readonly all: readonly Detector[];
}

async function discover(): Promise<DetectorRegistry> {
  const files = (await readdir(folder)).filter((file) => DETECTOR_FILE.test(file)).sort();
  const byTopic = new Map<EndpointId, Detector>();
  for (const file of files) {
    const exports = Object.values(
      (await import(pathToFileURL(join(folder, file)).href)) as Record<string, unknown>,
    ).filter(isDetector);
    if (exports.length === 0) throw new Error(`${file} exports no defineDetector(...).`);
    for (const detector of exports) {
      if (!endpointIds.includes(detector.topic))
        throw new Error(
          `${file} defines a detector for '${detector.topic}', not in the catalogue.`,
        );
      if (byTopic.has(detector.topic))
        throw new Error(
          `Two detectors for the finding topic '${detector.topic}' (one in ${file}).`,
        );
      byTopic.set(detector.topic, detector);
    }
  }
  const missing = endpointIds.filter((id) => !byTopic.has(id));
  if (missing.length > 0)
    throw new Error(`No detector for the finding topics ${missing.join(', ')}.`);
  return {
    of: <K extends EndpointId>(topic: K) => byTopic.get(topic) as Detector<K>,
    all: [...byTopic.values()],
  };
}

let loading: Promise<DetectorRegistry> | undefined;

/**
 * The detectors, found by convention: every `*.detector.ts` module of this folder exports its
 * `defineDetector(...)` objects. Loaded once; fails when a catalogue entry has no detector, a
 * topic has two, or a detector names a topic the catalogue does not list.
 */
export function detectorRegistry(): Promise<DetectorRegistry> {
  loading ??= discover();
  return loading;
}
