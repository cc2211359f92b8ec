import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import type { RuleFormat } from '../../../shared/schemas/detection-rules';
import {
  createDetectionRuleBodySchema,
  createDetectionRuleReplySchema,
  detectionRuleSchema,
  listDetectionRulesReplySchema,
  testDetectionRuleBodySchema,
  testDetectionRuleReplySchema,
  updateDetectionRuleBodySchema,
} from '../../../shared/schemas/detection-rules';
import { TrialTooSlow, tryRules } from '../../analysis/alerts/try-rules';
import { compileRuleText } from '../../analysis/rules/compile-rule-text';
import { loadFilterContext } from '../../analysis/rules/filter-context';
import { shippedPolicies } from '../../analysis/rules/policies';
import { ruleCatalogue } from '../../analysis/rules/rule-catalogue';
import { readJson } from '../../db/dialect';
import {
  deleteRuleSource,
  insertRuleSource,
  setRuleSwitch,
} from '../../db/queries/detection-rules';
import { findEmployee } from '../../db/queries/employees';
import { conflict, forbidden, invalid, notFound } from '../../domain-error';
import { presentEmployeeRef } from '../../presenters/employee';
import { presentRule } from './present-rule';

const ruleParams = z.strictObject({ id: idParam });

/** A text that does not compile: a 400 naming the first problems, beside the source field. */
function refused(problems: readonly string[]) {
  const shown = problems.slice(0, 5).join('; ');
  return invalid(
    `The rule cannot be used: ${shown}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}.`,
    'source',
  );
}

function compiled(format: RuleFormat, source: string) {
  const result = compileRuleText(format, source);
  if ('problems' in result) throw refused(result.problems);
  return result.rules;
}

/**
 * The Detection rules screen: every rule (shipped files and added texts) with its switch, the
 * policy presets, adding a rule in Vigil JSON or Sigma YAML (refused whole, with the line and
 * the reason, when anything in it is unsupported), switching rules on and off, deleting the
 * rules one added, and trying a text over the last days before adding it. Reading is for who
 * sees alerts; changing is configuration.manage. Changes are audited.
 */
export const detectionRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  const reads = [
    app.requirePermission('investigations.read_all'),
    app.requirePermission('evidence.read'),
  ];
  const manages = app.requirePermission('configuration.manage');

  app.get(
    '/detection/rules',
    {
      preHandler: reads,
      schema: {
        tags: ['detection'],
        querystring: z.strictObject({}),
        response: { 200: listDetectionRulesReplySchema, 403: errorReplySchema },
      },
    },
    async () => ({
      rules: (await ruleCatalogue(app.db)).map(presentRule),
      policies: shippedPolicies(),
    }),
  );

  app.post(
    '/detection/rules',
    {
      preHandler: manages,
      schema: {
        tags: ['detection'],
        body: createDetectionRuleBodySchema,
        response: {
          201: createDetectionRuleReplySchema,
          400: errorReplySchema,
          403: errorReplySchema,
          409: errorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const { format, source, enabled } = request.body;
      const rules = compiled(format, source);
      const ids = rules.map((rule) => rule.id);
      const created = await app.audited(request, async (trx) => {
        const known = new Set((await ruleCatalogue(trx)).map((entry) => entry.rule.id));
        const taken = ids.find((id) => known.has(id));
        if (taken)
          throw conflict('A rule with the id this rule declares exists already.', 'source');
        const now = Date.now();
        const sourceId = await insertRuleSource(
          trx,
          { format, source, ruleIds: ids, userId: request.viewer!.userId },
          now,
        );
        for (const id of ids) await setRuleSwitch(trx, id, enabled, request.viewer!.userId, now);
        const entries = (await ruleCatalogue(trx)).filter((entry) => ids.includes(entry.rule.id));
        return {
          result: entries.map(presentRule),
          entry: {
            action: 'detection_rule.create',
            targetType: 'detection_rule',
            targetId: sourceId,
            details: { format, ruleIds: ids, enabled },
          },
        };
      });
      return reply.code(201).send({ rules: created });
    },
  );

  app.patch(
    '/detection/rules/:id',
    {
      preHandler: manages,
      schema: {
        tags: ['detection'],
        params: ruleParams,
        body: updateDetectionRuleBodySchema,
        response: { 200: detectionRuleSchema, 403: errorReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      return app.audited(request, async (trx) => {
        const entry = (await ruleCatalogue(trx)).find((e) => e.rule.id === id);
        if (!entry) throw notFound('There is no detection rule with that id.');
        await setRuleSwitch(trx, id, request.body.enabled, request.viewer!.userId, Date.now());
        return {
          result: presentRule({ ...entry, enabled: request.body.enabled }),
          entry: {
            action: 'detection_rule.update',
            targetType: 'detection_rule',
            targetId: id,
            details: { enabled: { from: entry.enabled, to: request.body.enabled } },
          },
        };
      });
    },
  );

  app.delete(
    '/detection/rules/:id',
    {
      preHandler: manages,
      schema: {
        tags: ['detection'],
        params: ruleParams,
        response: {
          204: z.null(),
          403: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await app.audited(request, async (trx) => {
        const entry = (await ruleCatalogue(trx)).find((e) => e.rule.id === id);
        if (!entry) throw notFound('There is no detection rule with that id.');
        if (entry.origin === 'shipped' || !entry.stored)
          throw conflict(
            `"${entry.rule.title}" ships with Vigil as a file: switch it off instead of deleting it.`,
          );
        if (entry.stored.created_by !== request.viewer!.userId)
          throw forbidden('Only the person who added a rule can delete it; switch it off instead.');
        const ruleIds = readJson<string[]>(entry.stored.rule_ids);
        await deleteRuleSource(trx, entry.stored.id, ruleIds);
        return {
          result: null,
          entry: {
            action: 'detection_rule.delete',
            targetType: 'detection_rule',
            targetId: entry.stored.id,
            details: { ruleIds, format: entry.format, source: entry.source },
          },
        };
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/detection/rules/test',
    {
      preHandler: manages,
      schema: {
        tags: ['detection'],
        body: testDetectionRuleBodySchema,
        response: {
          200: testDetectionRuleReplySchema,
          400: errorReplySchema,
          403: errorReplySchema,
        },
      },
    },
    async (request) => {
      const { format, source, days } = request.body;
      const policy = await request.identityPolicy();
      const rules = compiled(format, source);
      const { context, config } = await loadFilterContext(app.db, app.database.dialect);
      const trial = await tryRules(app.database, rules, days, context, config, Date.now()).catch(
        (error: unknown) => {
          if (!(error instanceof TrialTooSlow)) throw error;
          throw invalid(
            `The rule took longer than ${Math.round(error.deadlineMs / 1000)} s to try over ${days} days and was stopped: it would slow detection down for everyone. Simplify its regular expressions or narrow what it matches (an activity, a field that must be present), or try fewer days.`,
            'source',
          );
        },
      );
      const people = [];
      for (const person of trial.people) {
        const row = await findEmployee(app.db, person.employeeId);
        if (!row) continue;
        people.push({
          subject: presentEmployeeRef(
            {
              id: row.id,
              fullName: row.full_name,
              email: row.email,
              department: row.department,
              title: row.title,
            },
            policy,
          ),
          matchingEvents: person.matchingEvents,
          alerts: person.alerts,
        });
      }
      await app.audit(request, {
        action: 'detection_rule.test',
        details: { format, days, ruleIds: rules.map((rule) => rule.id), alerts: trial.alerts },
      });
      return { days, ...trial, people };
    },
  );
};
