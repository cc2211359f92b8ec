import type { FastifyPluginAsync } from 'fastify';

import { appAccessRoutes } from './app-access';
import { eventRoutes } from './events';
import { fileAccessRoutes } from './file-access';
import { pinRoutes } from './pins';
import { summaryRoutes } from './summary';
import { topicFindingRoutes } from './topic-findings';

/** Findings, the evidence locker's index, pins and the subject's events, under /investigations/{id}. */
export const findingRoutes: FastifyPluginAsync = async (app) => {
  await app.register(appAccessRoutes);
  await app.register(topicFindingRoutes);
  await app.register(fileAccessRoutes);
  await app.register(summaryRoutes);
  await app.register(eventRoutes);
  await app.register(pinRoutes);
};
