import { randomUUID } from 'node:crypto';

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { CLOSED_CASE_REVEAL_MESSAGE } from '../../../shared/investigation-model';
import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import { revealDecisionSchema, revealRequestSchema } from '../../../shared/schemas/privacy';
import {
  caseRevealSchema,
  caseRevealsReplySchema,
  revealIdentityReplySchema,
  revealPeopleReplySchema,
  revealRequestBodySchema,
} from '../../../shared/schemas/reveals';
import type { CaseReveal } from '../../../shared/schemas/reveals';
import { loadInvestigation } from '../../case/load-investigation';
import { loadWritableInvestigation } from '../../case/writable-case';
import {
  decideReveal,
  findEmployeesByIds,
  findOpenReveal,
  findReveal,
  insertReveal,
  listCaseReveals,
} from '../../db/queries/identity-reveals';
import type { RevealRow } from '../../db/queries/identity-reveals';
import { getPrivacySettings } from '../../db/queries/privacy-settings';
import { conflict, DomainError, invalid, notFound } from '../../domain-error';
import { presentEmployeeRef } from '../../presenters/employee';
import type { IdentityPolicy } from '../../privacy/identity-policy';
import { presentReveal, revealHolds, revealStatusAt } from '../../presenters/reveal';
import { revealEntry } from '../../privacy/reveals/reveal-audit';
import { revealablePeople } from '../../privacy/reveals/reveal-people';
import { queueNotification } from '../../notify/queue-notification';

const caseParams = z.object({ id: idParam });
const revealParams = z.object({ id: idParam, revealId: idParam });
const HOUR_MS = 3_600_000;

const iso = (at: number) => new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * A case's reveals (issue 17): ask to see who its subject or a counterpart is, with a purpose
 * (granted at once or pending a privacy officer, per the privacy settings); list them; withdraw
 * one's own; and read the identity while a reveal holds (410 once it expired). Every step is
 * audited on the case, naming the person by pseudonym only.
 */
export const caseRevealRoutes: FastifyPluginAsyncZod = async (app) => {
  /** People by id as this request's policy shows them. */
  async function presentPeople(ids: readonly string[], policy: IdentityPolicy) {
    const rows = await findEmployeesByIds(app.db, [...new Set(ids)]);
    return new Map(
      rows.map((row) => [
        row.id,
        presentEmployeeRef(
          {
            id: row.id,
            fullName: row.full_name,
            email: row.email,
            department: row.department,
            title: row.title,
          },
          policy,
        ),
      ]),
    );
  }

  async function presentCaseReveals(rows: RevealRow[], policy: IdentityPolicy) {
    const people = await presentPeople(
      rows.map((row) => row.employee_id),
      policy,
    );
    const now = Date.now();
    return rows.flatMap((row): CaseReveal[] => {
      const employee = people.get(row.employee_id);
      return employee ? [{ ...presentReveal(row, app.pseudonyms, now), employee }] : [];
    });
  }

  /** The reveal of this case, or the 404 that says so. */
  async function revealOfCase(investigationId: string, revealId: string) {
    const row = await findReveal(app.db, revealId);
    if (!row || row.investigation_id !== investigationId)
      throw notFound('There is no reveal request with that id in this investigation.');
    return row;
  }

  app.get(
    '/investigations/:id/reveals',
    {
      preHandler: app.requirePermission('investigations.read'),
      schema: {
        tags: ['privacy'],
        params: caseParams,
        response: { 200: caseRevealsReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => {
      const policy = await request.identityPolicy();
      const investigation = await loadInvestigation(
        app.db,
        request.params.id,
        request.viewer!,
        policy,
      );
      const reveals = await presentCaseReveals(
        await listCaseReveals(app.db, investigation.id),
        policy,
      );
      await app.audit(request, {
        action: 'identity.reveal.list',
        targetType: 'investigation',
        targetId: investigation.id,
      });
      return { reveals };
    },
  );

  app.get(
    '/investigations/:id/reveals/people',
    {
      preHandler: app.requirePermission('identity.reveal'),
      schema: {
        tags: ['privacy'],
        params: caseParams,
        response: { 200: revealPeopleReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => {
      const policy = await request.identityPolicy();
      const investigation = await loadInvestigation(
        app.db,
        request.params.id,
        request.viewer!,
        policy,
      );
      const candidates = await revealablePeople(app, investigation);
      const people = await presentPeople(
        candidates.map((c) => c.employeeId),
        policy,
      );
      await app.audit(request, {
        action: 'identity.reveal.people.list',
        targetType: 'investigation',
        targetId: investigation.id,
      });
      return {
        people: candidates.flatMap((c) => {
          const employee = people.get(c.employeeId);
          return employee ? [{ employee, role: c.role, contacts: c.contacts }] : [];
        }),
      };
    },
  );

  app.post(
    '/investigations/:id/reveals',
    {
      preHandler: app.requirePermission('identity.reveal'),
      schema: {
        tags: ['privacy'],
        params: caseParams,
        body: revealRequestBodySchema,
        response: {
          201: caseRevealSchema,
          400: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const viewer = request.viewer!;
      const policy = await request.identityPolicy();
      const investigation = await loadInvestigation(app.db, request.params.id, viewer, policy);
      // A closed case is a finished record: nobody needs to learn who is in it any more.
      if (investigation.status === 'closed') throw conflict(CLOSED_CASE_REVEAL_MESSAGE);
      const employeeId = request.body.employeeId.trim();
      const pseudonym = app.pseudonyms.of(employeeId).name;
      const parsed = revealRequestSchema.safeParse({
        employeeId,
        purpose: request.body.purpose ?? '',
      });
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? 'Say why you need to see who this is.';
        await app.audit(
          request,
          revealEntry(
            'identity.reveal.refused',
            { id: null, investigationId: investigation.id, employeeId },
            app.pseudonyms,
            { step: 'request', reason: message },
          ),
        );
        throw invalid(message, 'purpose');
      }
      const people = await revealablePeople(app, investigation);
      const person = people.find((p) => p.employeeId === employeeId);
      if (!person)
        throw invalid(
          `${pseudonym} is neither the subject of this investigation nor anyone its subject wrote to or shared with in its window, so their identity cannot be revealed here.`,
          'employeeId',
        );
      const settings = await getPrivacySettings(app.db);
      const id = randomUUID();
      const now = Date.now();
      const immediate = settings.revealApproval === 'immediate';
      const expiresAt = immediate ? now + settings.revealHours * HOUR_MS : null;
      await app.audited(request, async (trx) => {
        // Held until commit, so the case cannot be closed between the check above and the insert.
        await loadWritableInvestigation(trx, investigation.id, viewer, policy);
        const open = await findOpenReveal(trx, investigation.id, employeeId, now);
        if (open?.status === 'pending')
          throw conflict(
            `A request to reveal ${pseudonym} in this investigation is already waiting for a privacy officer.`,
          );
        if (open)
          throw conflict(
            `${pseudonym} is already revealed in this investigation until ${iso(open.expires_at!)}.`,
          );
        await insertReveal(trx, {
          id,
          investigationId: investigation.id,
          employeeId,
          purpose: parsed.data.purpose,
          status: immediate ? 'granted' : 'pending',
          requestedBy: viewer.userId,
          requestedAt: now,
          expiresAt,
        });
        // Privacy officers are told a request waits (with it, in its transaction).
        if (!immediate) {
          await queueNotification(
            trx,
            { type: 'reveal.requested', reveal: { id, investigationId: investigation.id } },
            now,
          );
        }
        return {
          result: null,
          entry: revealEntry(
            'identity.reveal.request',
            { id, investigationId: investigation.id, employeeId },
            app.pseudonyms,
            {
              role: person.role,
              purpose: parsed.data.purpose,
              status: immediate ? 'granted' : 'pending',
              ...(expiresAt ? { expiresAt } : {}),
            },
          ),
        };
      });
      const [created] = await presentCaseReveals([(await findReveal(app.db, id))!], policy);
      return reply.code(201).send(created!);
    },
  );

  app.post(
    '/investigations/:id/reveals/:revealId/withdraw',
    {
      preHandler: app.requirePermission('identity.reveal'),
      schema: {
        tags: ['privacy'],
        params: revealParams,
        body: revealDecisionSchema,
        response: {
          200: caseRevealSchema,
          403: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
        },
      },
    },
    async (request) => {
      const viewer = request.viewer!;
      const policy = await request.identityPolicy();
      const investigation = await loadInvestigation(app.db, request.params.id, viewer, policy);
      const row = await revealOfCase(investigation.id, request.params.revealId);
      const pseudonym = app.pseudonyms.of(row.employee_id).name;
      if (row.requested_by !== viewer.userId) {
        const reason = `Only the person who asked to reveal ${pseudonym} can withdraw the request.`;
        throw new DomainError('forbidden', reason, {
          reason,
          targetType: 'investigation',
          targetId: investigation.id,
        });
      }
      const now = Date.now();
      const status = revealStatusAt(row, now);
      if (status !== 'pending' && status !== 'granted')
        throw conflict(`This request is already ${status}: there is nothing to withdraw.`);
      await app.audited(request, async (trx) => {
        const changed = await decideReveal(trx, row.id, ['pending', 'granted'], {
          status: 'withdrawn',
          decidedBy: row.decided_by ?? viewer.userId,
          decidedAt: row.decided_at ?? now,
          reason: request.body.reason?.trim() || row.decision_reason,
          expiresAt: row.expires_at === null ? null : Math.min(row.expires_at, now),
        });
        if (!changed) throw conflict('This request was decided meanwhile: reload to see how.');
        return {
          result: null,
          entry: revealEntry(
            'identity.reveal.withdraw',
            { id: row.id, investigationId: investigation.id, employeeId: row.employee_id },
            app.pseudonyms,
            { from: status, ...(request.body.reason ? { reason: request.body.reason } : {}) },
          ),
        };
      });
      const [withdrawn] = await presentCaseReveals([(await findReveal(app.db, row.id))!], policy);
      return withdrawn!;
    },
  );

  app.get(
    '/investigations/:id/reveals/:revealId/identity',
    {
      preHandler: app.requirePermission('identity.reveal'),
      schema: {
        tags: ['privacy'],
        params: revealParams,
        response: {
          200: revealIdentityReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
          410: errorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const policy = await request.identityPolicy();
      const investigation = await loadInvestigation(
        app.db,
        request.params.id,
        request.viewer!,
        policy,
      );
      const row = await revealOfCase(investigation.id, request.params.revealId);
      const target = { id: row.id, investigationId: investigation.id, employeeId: row.employee_id };
      const pseudonym = app.pseudonyms.of(row.employee_id).name;
      const now = Date.now();
      const status = revealStatusAt(row, now);
      if (!revealHolds(row, now) || !policy.revealed.has(row.employee_id)) {
        const expired = status === 'expired' || status === 'granted';
        const message = expired
          ? `The reveal of ${pseudonym} expired at ${iso(row.expires_at!)}: ask again, with a purpose, to see who this is.`
          : `This request is ${status}: it does not show who ${pseudonym} is.`;
        await app.audit(
          request,
          revealEntry('identity.reveal.refused', target, app.pseudonyms, {
            step: 'use',
            status,
            reason: message,
          }),
        );
        return reply
          .code(expired ? 410 : 409)
          .send({ error: expired ? 'Gone' : 'Conflict', message });
      }
      const people = await presentPeople([row.employee_id], policy);
      await app.audit(request, revealEntry('identity.reveal.use', target, app.pseudonyms));
      return { employee: people.get(row.employee_id)!, expiresAt: row.expires_at! };
    },
  );
};
