import { randomUUID } from 'node:crypto';

import { openPolicy } from '../../privacy/identity-policy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { pinEndpoints } from '../../../shared/findings/case-endpoints';
import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import { findPin, insertPin, tombstonePin } from '../../db/queries/findings/pins';
import { keepPeopleOfHeldCase } from '../../case/legal-hold/held-people';
import { conflict, notFound } from '../../domain-error';
import { loadInvestigation } from '../../case/load-investigation';
import { casePins } from '../../case/pins/case-pins';
import { capturePin } from '../../case/pins/capture-pin';
import { sealContent } from '../../case/pins/captured-pin';
import { showVerification, verifyPin } from '../../case/pins/verify-pin';
import { assertCaseWritable, loadWritableInvestigation } from '../../case/writable-case';
import { presentPin } from '../../presenters/pin';
import { casePath, findingParams } from './define-finding';

const { list, create, remove, verify } = pinEndpoints;
const pinParams = findingParams.extend({ pinId: idParam });

/**
 * Pinned evidence. The list (evidence.read) holds live pins and tombstones. A pin (evidence.write)
 * names events or a finding row; the server captures the content, hashes it and keeps who and
 * when. Unpinning needs a reason and leaves a tombstone. Verify (evidence.read) re-hashes a pin
 * against the events table as it is now. Pinning and unpinning are refused on a closed case;
 * every action is audited.
 */
export const pinRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    casePath(list.path),
    {
      preHandler: app.requirePermission('evidence.read'),
      schema: {
        summary: 'Pinned evidence: live pins and tombstones, newest first',
        tags: ['evidence'],
        params: findingParams,
        querystring: z.strictObject({}),
        response: { 200: list.reply, 404: errorReplySchema },
      },
    },
    async (request) => {
      const investigation = await loadInvestigation(
        app.db,
        request.params.id,
        request.viewer!,
        await request.identityPolicy(),
      );
      const pins = await casePins(
        app.db,
        investigation.id,
        { includeRemoved: true },
        await app.evidenceHashes(request),
      );
      await app.audit(request, {
        action: 'evidence.read',
        targetType: 'investigation',
        targetId: investigation.id,
        details: { page: 'pins', subjectEmployeeId: investigation.subject.id },
      });
      return { pins };
    },
  );

  app.post(
    casePath(create.path),
    {
      preHandler: app.requirePermission('evidence.write'),
      schema: {
        summary: 'Pin events or a finding row; the server captures and hashes the content',
        tags: ['evidence'],
        params: findingParams,
        body: create.body,
        response: {
          201: create.reply,
          400: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const policy = await request.identityPolicy();
      const viewer = request.viewer!;
      const { note, ...named } = request.body;
      // Read first (a finding may take a moment to compute), then written in one transaction.
      const seen = await loadInvestigation(
        app.db,
        request.params.id,
        viewer,
        await request.identityPolicy(),
      );
      assertCaseWritable(seen.status);
      const now = Date.now();
      const handle = { db: app.db, dialect: app.database.dialect };
      const captured = await capturePin(
        handle,
        viewer,
        seen,
        named,
        now,
        // Pins keep what was recorded, names included: replies show them through the redactor.
        openPolicy((await request.identityPolicy()).pseudonyms),
      );
      const sealed = sealContent(captured.content);
      const id = randomUUID();
      const hashes = await app.evidenceHashes(request);
      const pin = await app.audited(request, async (trx) => {
        const investigation = await loadWritableInvestigation(trx, seen.id, viewer, policy);
        const created = await insertPin(trx, {
          id,
          investigationId: investigation.id,
          kind: captured.kind,
          ref: captured.ref,
          label: captured.label,
          page: captured.page,
          ...sealed,
          rawHashes: captured.rawHashes,
          note,
          createdBy: viewer.userId,
          createdAt: now,
        });
        if (!created)
          throw conflict(`“${captured.label}” is already pinned to this investigation.`);
        // A held case keeps the events of whom its new evidence names, too.
        if (investigation.legalHold)
          await keepPeopleOfHeldCase(trx, await app.identityDirectory(), {
            id: investigation.id,
            subjectEmployeeId: investigation.subject.id,
          });
        return {
          result: presentPin((await findPin(trx, investigation.id, id))!, hashes),
          entry: {
            action: 'evidence.pin',
            targetType: 'investigation',
            targetId: investigation.id,
            details: {
              pinId: id,
              kind: captured.kind,
              ref: captured.ref,
              label: captured.label,
              page: captured.page,
              note,
              // Keyed: the audit log's readers may not see the content whole (issue 23).
              contentSha256: app.keyedEvidenceHash(sealed.contentSha256),
              rawHashes: captured.rawHashes,
            },
          },
        };
      });
      return reply.code(201).send(pin);
    },
  );

  app.delete(
    casePath(remove.path),
    {
      preHandler: app.requirePermission('evidence.write'),
      schema: {
        summary: 'Remove a pin with a reason; it stays listed as a tombstone',
        tags: ['evidence'],
        params: pinParams,
        body: remove.body,
        response: {
          200: remove.reply,
          400: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
        },
      },
    },
    async (request) => {
      const policy = await request.identityPolicy();
      const viewer = request.viewer!;
      const { pinId } = request.params;
      const { reason } = request.body;
      const hashes = await app.evidenceHashes(request);
      return app.audited(request, async (trx) => {
        const investigation = await loadWritableInvestigation(
          trx,
          request.params.id,
          viewer,
          policy,
        );
        const pin = await findPin(trx, investigation.id, pinId);
        if (!pin) throw notFound('There is no pin with that id on this investigation.');
        const removed = await tombstonePin(trx, investigation.id, pinId, {
          by: viewer.userId,
          at: Date.now(),
          reason,
        });
        if (!removed) throw conflict(`The pin “${pin.label}” was already removed.`);
        return {
          result: presentPin((await findPin(trx, investigation.id, pinId))!, hashes),
          entry: {
            action: 'evidence.unpin',
            targetType: 'investigation',
            targetId: investigation.id,
            details: {
              pinId,
              kind: pin.kind,
              ref: pin.ref,
              label: pin.label,
              contentSha256:
                pin.contentSha256 === null ? null : app.keyedEvidenceHash(pin.contentSha256),
              reason,
            },
          },
        };
      });
    },
  );

  app.post(
    casePath(verify.path),
    {
      preHandler: app.requirePermission('evidence.read'),
      schema: {
        summary: 'Re-hash a pin’s stored content and its events’ raw records as they are now',
        tags: ['evidence'],
        params: pinParams,
        response: { 200: verify.reply, 404: errorReplySchema },
      },
    },
    async (request) => {
      const investigation = await loadInvestigation(
        app.db,
        request.params.id,
        request.viewer!,
        await request.identityPolicy(),
      );
      const pin = await findPin(app.db, investigation.id, request.params.pinId);
      if (!pin) throw notFound('There is no pin with that id on this investigation.');
      const verification = await verifyPin(app.db, pin, Date.now());
      const result = showVerification(verification, await app.evidenceHashes(request));
      // The audit log's readers may not see the content whole: its hashes there are keyed.
      const keyed = showVerification(verification, () => ({
        kind: 'hmac-sha256',
        show: (sha256) => app.keyedEvidenceHash(sha256),
      }));
      await app.audit(request, {
        action: 'evidence.verify',
        targetType: 'investigation',
        targetId: investigation.id,
        details: {
          pinId: pin.id,
          status: result.status,
          contentSha256: keyed.contentSha256,
          recomputedSha256: keyed.recomputedSha256,
          changedEvents: result.raw.filter((r) => r.status !== 'intact').map((r) => r.eventId),
        },
      });
      return result;
    },
  );
};
