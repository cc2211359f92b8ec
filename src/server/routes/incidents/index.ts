import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { activeItmRoute } from './active-itm';
import { activeTechniquesRoute } from './active-techniques';
import { attackLayerRoute } from './attack-layer';
import { bulkIncidentsRoute } from './bulk';
import { getIncidentRoute } from './get';
import { listIncidentsRoute } from './list';
import { riskRoute } from './risk';
import { riskPartEventsRoute } from './risk-part-events';
import { searchIncidentsRoute } from './search';
import { incidentsSummaryRoute } from './summary';
import { incidentsTimelineRoute } from './timeline';
import { updateIncidentRoute } from './update';

/** Incidents, their timelines, ATT&CK techniques, the Navigator export and the risk score. */
export const incidentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(incidentsSummaryRoute);
  await app.register(incidentsTimelineRoute);
  await app.register(listIncidentsRoute);
  await app.register(getIncidentRoute);
  await app.register(updateIncidentRoute);
  await app.register(bulkIncidentsRoute);
  await app.register(activeTechniquesRoute);
  await app.register(activeItmRoute);
  await app.register(attackLayerRoute);
  await app.register(riskRoute);
  await app.register(riskPartEventsRoute);
  await app.register(searchIncidentsRoute);
};
