import { randomBytes } from 'node:crypto';

import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';

import { employeeDirectoryVersion } from '../db/queries/identity-directory';
import { revealedInCase } from '../db/queries/identity-reveals';
import { installationSecret } from '../db/queries/installation-secrets';
import { getPrivacySettings } from '../db/queries/privacy-settings';
import type { Database } from '../db/schema';
import { forbidden } from '../domain-error';
import { evidenceHashes, keyedHash } from '../privacy/evidence-hashes';
import type { EvidenceHashes } from '../privacy/evidence-hashes';
import type { IdentityDirectory } from '../privacy/identity-directory';
import type { IdentityPolicy } from '../privacy/identity-policy';
import { loadIdentityDirectory } from '../privacy/load-identity-directory';
import { idsByPseudonym } from '../privacy/person-search';
import type { PersonSearch } from '../privacy/person-search';
import { PseudonymBook } from '../privacy/pseudonym';
import { redactText } from '../privacy/redactor';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every person's pseudonym under this installation's secret. */
    pseudonyms: PseudonymBook;
    /** The employees' identifiers as the redactor reads them, current with the directory. */
    identityDirectory(): Promise<IdentityDirectory>;
    /** The identity policy for a case (or none) at this moment, outside a request. */
    identityPolicyFor(investigationId: string | null): Promise<IdentityPolicy>;
    /**
     * How this request's text search `q` may match people; a search by real name under
     * pseudonymization is audited (`person.search_by_name`).
     */
    personSearch(request: FastifyRequest, q: string | undefined): Promise<PersonSearch>;
    /**
     * Whether free text searched for names an employee (a name, address or account name): such
     * a search is for those who may reveal identities, and is audited (`person.search_by_name`);
     * anyone else is refused with a 403.
     */
    guardNameSearch(request: FastifyRequest, q: string): Promise<void>;
    /**
     * How this request's reader is shown evidence hashes: the SHA-256 where they see what it
     * covers whole, else keyed under the installation's evidence key (issue 23).
     */
    evidenceHashes(request: FastifyRequest): Promise<EvidenceHashes>;
    /** An evidence hash keyed, as the audit log keeps it for readers who may see no evidence. */
    keyedEvidenceHash(sha256: string): string;
  }
  interface FastifyRequest {
    /** How people show in this request's reply (memoized per request). */
    identityPolicy(): Promise<IdentityPolicy>;
  }
}

const CASE_ROUTE = '/api/app/investigations/:id';

/** The case a request is about, from its route: reveals hold in that case only. */
export function caseOfRequest(request: FastifyRequest): string | null {
  const url = request.routeOptions.url;
  if (!url?.startsWith(CASE_ROUTE)) return null;
  if (url.length > CASE_ROUTE.length && url[CASE_ROUTE.length] !== '/') return null;
  const id = (request.params as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' && id.length > 0 ? id : null;
}

/** Replies whose text is redacted before it leaves: JSON, CSV, HTML and plain text. */
function textKind(contentType: unknown): 'json' | 'text' | null {
  const type = (typeof contentType === 'string' ? contentType : '').toLowerCase();
  if (type.includes('json')) return 'json';
  if (type.startsWith('text/')) return 'text';
  return null;
}

/**
 * Pseudonyms by default (issue 17). Builds each request's identity policy from the privacy
 * settings and the reveals that hold for its case, and passes every text reply under
 * /api/app through the redactor, so names inside raw records and free text read as the same
 * pseudonyms the presenter gives. Streams (PDF, ZIP) redact as they are made.
 */
export const privacyPlugin = fp(
  async (app) => {
    const secret = await installationSecret(
      app.db,
      'pseudonyms',
      randomBytes(32).toString('base64url'),
      Date.now(),
    );
    const pseudonyms = new PseudonymBook(secret);
    // Its own secret, not the pseudonyms': one leaking says nothing about the other.
    const evidenceKey = await installationSecret(
      app.db,
      'evidence-hashes',
      randomBytes(32).toString('base64url'),
      Date.now(),
    );
    // Rebuilt when the directory changes; a change of company domains or NetBIOS names alone
    // waits for that (a login inside a longer word is matched by its parts meanwhile).
    let cached: { version: string; directory: Promise<IdentityDirectory> } | null = null;

    async function directory(db: Kysely<Database>): Promise<IdentityDirectory> {
      const version = await employeeDirectoryVersion(db);
      if (cached?.version !== version) {
        cached = {
          version,
          directory: loadIdentityDirectory(db),
        };
        cached.directory.catch(() => (cached = null));
      }
      return cached.directory;
    }

    async function policyFor(investigationId: string | null): Promise<IdentityPolicy> {
      const now = Date.now();
      const [settings, revealed] = await Promise.all([
        getPrivacySettings(app.db),
        investigationId ? revealedInCase(app.db, investigationId, now) : Promise.resolve([]),
      ]);
      return {
        pseudonymize: settings.pseudonymize,
        showOrgDetails: settings.showOrgDetails,
        investigationId,
        revealed: new Set(revealed),
        pseudonyms,
      };
    }

    app.decorate('pseudonyms', pseudonyms);
    app.decorate('identityDirectory', () => directory(app.db));
    app.decorate('identityPolicyFor', policyFor);
    app.decorate('evidenceHashes', async (request: FastifyRequest) =>
      evidenceHashes(evidenceKey, await directory(app.db), await request.identityPolicy()),
    );
    app.decorate('keyedEvidenceHash', (sha256: string) => keyedHash(evidenceKey, sha256));
    app.decorate('guardNameSearch', async (request: FastifyRequest, q: string) => {
      const policy = await request.identityPolicy();
      if (!policy.pseudonymize) return;
      const hidden = { ...policy, revealed: new Set<string>() };
      if (redactText(q, await directory(app.db), hidden) === q) return;
      if (!request.viewer?.permissions.has('identity.reveal')) {
        throw forbidden(
          'Searching for a person by name needs the permission to reveal identities: search by their pseudonym, or ask someone who holds it.',
        );
      }
      await app.audit(request, {
        action: 'person.search_by_name',
        details: { q, route: request.routeOptions.url ?? request.url },
      });
    });
    app.decorate('personSearch', async (request: FastifyRequest, q: string | undefined) => {
      const policy = await request.identityPolicy();
      if (!policy.pseudonymize) return { byName: true, pseudonymIds: [] };
      const text = q?.trim() ?? '';
      if (!text) return { byName: false, pseudonymIds: [] };
      const byName = request.viewer?.permissions.has('identity.reveal') ?? false;
      const pseudonymIds = idsByPseudonym(text, await directory(app.db), pseudonyms);
      if (byName) {
        await app.audit(request, {
          action: 'person.search_by_name',
          details: { q: text, route: request.routeOptions.url ?? request.url },
        });
      }
      return { byName, pseudonymIds };
    });
    app.decorateRequest('identityPolicy', function (this: FastifyRequest) {
      const memo = this as FastifyRequest & { _identityPolicy?: Promise<IdentityPolicy> };
      memo._identityPolicy ??= policyFor(caseOfRequest(this));
      return memo._identityPolicy;
    });

    // Built before any handler runs: a handler may ask for it inside a transaction, which on
    // SQLite holds the one connection the settings and reveals would be read through.
    app.addHook('preHandler', async (request) => {
      if (request.viewer !== null && request.url.startsWith('/api/app/')) {
        await request.identityPolicy();
      }
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload !== 'string' || !request.url.startsWith('/api/app/')) return payload;
      if (request.viewer === null) return payload;
      const kind = textKind(reply.getHeader('content-type'));
      if (!kind) return payload;
      const policy = await request.identityPolicy();
      if (!policy.pseudonymize) return payload;
      if (
        request.routeOptions.config.accountNames === 'as-logged' &&
        request.viewer.permissions.has('identity.reveal')
      )
        return payload;
      return redactText(payload, await directory(app.db), policy, kind === 'json');
    });
  },
  { name: 'vigil-privacy', dependencies: ['vigil-db'] },
);
