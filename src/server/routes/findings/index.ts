import type { FastifyPluginAsync } from 'fastify';

import { endpointIds, findingEndpoints } from '../../../shared/findings/case-endpoints';
import { detectorRegistry } from '../../analysis/findings/detectors';
import { defineFinding } from './define-finding';
import { eventRoutes } from './events';
import { pinRoutes } from './pins';

/**
 * Under /investigations/{id}: one route per entry of the finding catalogue (topics and the
 * locker's index), answered by its detector; then the subject's events and the pins.
 */
export const findingRoutes: FastifyPluginAsync = async (app) => {
  const detectors = await detectorRegistry();
  for (const id of endpointIds) defineFinding(app, findingEndpoints[id], detectors.of(id));
  await app.register(eventRoutes);
  await app.register(pinRoutes);
};
