import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema } from '../../../shared/schemas/common';
import {
  huntEventReplySchema,
  huntEventsQuerySchema,
  huntEventsReplySchema,
  huntFacetQuerySchema,
  huntFacetReplySchema,
  huntHistogramQuerySchema,
  huntHistogramReplySchema,
} from '../../../shared/schemas/hunt';
import { readJson } from '../../db/dialect';
import { employeesByIds } from '../../db/queries/employees';
import { huntEventById } from '../../db/queries/hunt-events';
import { notFound } from '../../domain-error';
import { huntRange, runHunt, runHuntFacet, runHuntHistogram } from '../../hunt/run-hunt';
import { presentHuntRow, presentPersonOf } from '../../presenters/hunt-row';
import { huntContext } from './hunt-context';

const errors = { 400: errorReplySchema, 403: errorReplySchema };

/** The query and time range of a hunt as the audit log keeps them. */
const audited = (q: string | undefined, range: { from: number; to: number }) => ({
  q: q ?? '',
  from: range.from,
  to: range.to,
});

/**
 * GET /hunt/events, /hunt/facets, /hunt/histogram and /hunt/events/{id}: a query over every
 * event of everyone. Every search is audited with its query, time range and hit count:
 * searches about people are themselves sensitive.
 */
export const huntSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/hunt/events',
    {
      config: { textSearch: 'query-values' },
      schema: {
        summary: 'Events of everyone that a Lucene/KQL query finds, newest first, cursor-paged',
        tags: ['hunt'],
        querystring: huntEventsQuerySchema,
        response: { 200: huntEventsReplySchema, ...errors },
      },
    },
    async (request) => {
      const { deps, tree } = await huntContext(app, request, request.query);
      const page = await runHunt(deps, request.query, tree);
      const ids = [...new Set(page.rows.flatMap((r) => (r.employee_id ? [r.employee_id] : [])))];
      const people = new Map((await employeesByIds(app.db, ids)).map((p) => [p.id, p]));
      const policy = await request.identityPolicy();
      await app.audit(request, {
        action: 'hunt.search',
        details: {
          ...audited(request.query.q, page.range),
          hits: page.total,
          hitsIsLowerBound: page.totalIsLowerBound,
          cursor: request.query.cursor ?? null,
        },
      });
      return {
        total: page.total,
        totalIsLowerBound: page.totalIsLowerBound,
        rows: page.rows.map((row) => presentHuntRow(row, people, policy)),
        next: page.next,
        range: page.range,
      };
    },
  );

  app.get(
    '/hunt/facets',
    {
      config: { textSearch: 'query-values' },
      schema: {
        summary: 'The busiest values of a field among the events a hunt finds',
        tags: ['hunt'],
        querystring: huntFacetQuerySchema,
        response: { 200: huntFacetReplySchema, ...errors },
      },
    },
    async (request) => {
      const { deps, tree } = await huntContext(app, request, request.query);
      const values = await runHuntFacet(deps, request.query, tree, request.query.field);
      const policy = await request.identityPolicy();
      let labelled = values.map((v) => ({ ...v, label: v.value }));
      if (request.query.field === 'person') {
        const people = new Map(
          (
            await employeesByIds(
              app.db,
              values.map((v) => v.value),
            )
          ).map((p) => [p.id, p]),
        );
        labelled = values.map((v) => {
          const person = presentPersonOf(v.value, people, policy);
          return {
            value: person?.pseudonym ?? v.value,
            label: person?.fullName ?? v.value,
            count: v.count,
          };
        });
      }
      await app.audit(request, {
        action: 'hunt.facet',
        details: {
          ...audited(request.query.q, huntRange(request.query, deps.now)),
          field: request.query.field,
          hits: values.reduce((sum, v) => sum + v.count, 0),
        },
      });
      return { field: request.query.field, values: labelled };
    },
  );

  app.get(
    '/hunt/histogram',
    {
      config: { textSearch: 'query-values' },
      schema: {
        summary: 'The events a hunt finds per bucket of time',
        tags: ['hunt'],
        querystring: huntHistogramQuerySchema,
        response: { 200: huntHistogramReplySchema, ...errors },
      },
    },
    async (request) => {
      const { deps, tree } = await huntContext(app, request, request.query);
      const reply = await runHuntHistogram(deps, request.query, tree);
      await app.audit(request, {
        action: 'hunt.histogram',
        details: {
          ...audited(request.query.q, reply.range),
          hits: reply.buckets.reduce((sum, b) => sum + b.count, 0),
        },
      });
      return reply;
    },
  );

  app.get(
    '/hunt/events/:eventId',
    {
      schema: {
        summary: 'One event a hunt found, with its raw record',
        tags: ['hunt'],
        params: z.strictObject({ eventId: z.string().regex(/^\d{1,18}$/, 'is not an event id.') }),
        response: { 200: huntEventReplySchema, ...errors, 404: errorReplySchema },
      },
    },
    async (request) => {
      const row = await huntEventById(app.db, Number(request.params.eventId));
      if (!row) throw notFound('There is no event with that id.');
      const people = new Map(
        (await employeesByIds(app.db, row.employee_id ? [row.employee_id] : [])).map((p) => [
          p.id,
          p,
        ]),
      );
      await app.audit(request, {
        action: 'hunt.event',
        targetType: 'event',
        targetId: String(row.id),
        details: { employeeId: row.employee_id },
      });
      return {
        ...presentHuntRow(row, people, await request.identityPolicy()),
        raw: row.raw === null ? null : readJson(row.raw),
      };
    },
  );
};
