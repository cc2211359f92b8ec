import { describe, expect, it } from 'vitest';

import { endpointIds, findingEndpoints } from '../../../src/shared/findings/case-endpoints';
import { evidencePageSlugs, findingTopics } from '../../../src/shared/findings/catalogue';
import type { FindingEndpoint } from '../../../src/shared/findings/finding-endpoint';
import { detectorRegistry } from '../../../src/server/analysis/findings/detectors';
import { indexTopicIds } from '../../../src/server/analysis/findings/locker-findings';

const entries = Object.entries(findingEndpoints) as Array<[string, FindingEndpoint]>;

describe('the finding catalogue and its detectors', () => {
  it('gives every catalogue entry exactly one detector, and every detector an entry', async () => {
    const { all } = await detectorRegistry();
    const topics = all.map((detector) => detector.topic);
    expect(new Set(topics).size).toBe(topics.length);
    expect([...topics].sort()).toEqual([...endpointIds].sort());
  });

  it('lets a detector value figures and count anomalies exactly where its entry says so', async () => {
    const detectors = await detectorRegistry();
    for (const [id, entry] of entries) {
      const detector = detectors.of(id as never);
      expect(detector.figures !== undefined, `${id} figures`).toBe(entry.figures !== undefined);
      expect(detector.anomalies !== undefined, `${id} anomalies`).toBe(
        entry.anomalies !== undefined,
      );
    }
  });

  it('asks the locker index only for topics it can read with no query and no path parameter', () => {
    expect(indexTopicIds.length).toBeGreaterThan(0);
    for (const id of indexTopicIds) {
      const entry: FindingEndpoint = findingTopics[id];
      expect(entry.params, id).toBeUndefined();
      // A query of its own is only optional narrowing (file access's `?label`): with none, the
      // topic answers for everything, which is what the locker's figures count.
      if (entry.query) expect(entry.query.safeParse({}).success, id).toBe(true);
    }
  });

  it('names figures once, and puts each topic on an evidence page with a path of its own', () => {
    const figureIds = entries.flatMap(([, entry]) => Object.keys(entry.figures ?? {}));
    expect(new Set(figureIds).size).toBe(figureIds.length);
    const paths = entries.map(([, entry]) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const [id, topic] of Object.entries(findingTopics))
      expect(evidencePageSlugs, id).toContain(topic.page);
  });

  it('leaves no evidence page without a topic', () => {
    const served = new Set(Object.values(findingTopics).map((topic) => topic.page));
    expect(evidencePageSlugs.filter((page) => !served.has(page))).toEqual([]);
  });
});
