import { randomBytes } from 'node:crypto';

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';

import { retryWhileDisconnected } from '../db/connection-loss';
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
import { namesPart } from '../privacy/name-fragment';
import { idsByPseudonym } from '../privacy/person-search';
import type { PersonSearch } from '../privacy/person-search';
import { PseudonymBook } from '../privacy/pseudonym';
import { redactText } from '../privacy/redactor';
import { withholdNames } from '../privacy/withhold';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every person's pseudonym under this installation's secret. */
    pseudonyms: PseudonymBook;
    /** The employees' identifiers as the redactor reads them, current with the directory. */
    identityDirectory(): Promise<IdentityDirectory>;
    /** The identity policy for a case (or none) at this moment, outside a request. */
    identityPolicyFor(investigationId: string | null): Promise<IdentityPolicy>;
    /**
     * How this request's text search `q` may match people: by real name only for those who may
     * reveal identities (guardTextSearch audited such a search), else by pseudonym.
     */
    personSearch(request: FastifyRequest, q: string | undefined): Promise<PersonSearch>;
    /**
     * Whether free text searched for names an employee (a name, address or account name, whole
     * or in part): such a search is for those who may reveal identities, and is audited
     * (`person.search_by_name`); anyone else is refused with a 403.
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

    // Every reply passes through here, a failed one too: a pooled connection that a restart or
    // a terminated backend ended under it is replaced rather than failing the reply.
    const read = <T>(work: () => Promise<T>) => retryWhileDisconnected(work, [100, 1000]);

    async function directory(db: Kysely<Database>): Promise<IdentityDirectory> {
      const version = await read(() => employeeDirectoryVersion(db));
      if (cached?.version !== version) {
        cached = {
          version,
          directory: read(() => loadIdentityDirectory(db)),
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
      const policy: IdentityPolicy = {
        pseudonymize: settings.pseudonymize,
        showOrgDetails: settings.showOrgDetails,
        investigationId,
        revealed: new Set(revealed),
        pseudonyms,
      };
      if (!policy.pseudonymize) return policy;
      const people = await directory(app.db);
      return { ...policy, written: (text) => withholdNames(text, people, policy) };
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
      const people = await directory(app.db);
      const hidden = { ...policy, revealed: new Set<string>() };
      if (redactText(q, people, hidden) === q && !namesPart(q, people)) return;
      if (!request.viewer?.permissions.has('identity.reveal')) {
        throw forbidden(
          'Searching for a person by name needs the permission to reveal identities: this search holds (part of) a name, address or account name. Search by their pseudonym, or ask someone who holds it.',
        );
      }
      await app.audit(request, {
        action: 'person.search_by_name',
        details: { q, route: request.routeOptions.url ?? null },
      });
    });
    app.decorate('personSearch', async (request: FastifyRequest, q: string | undefined) => {
      const policy = await request.identityPolicy();
      if (!policy.pseudonymize) return { byName: true, pseudonymIds: [] };
      const text = q?.trim() ?? '';
      if (!text) return { byName: false, pseudonymIds: [] };
      // A search that names someone was refused or audited by guardTextSearch before the handler.
      const byName = request.viewer?.permissions.has('identity.reveal') ?? false;
      return { byName, pseudonymIds: idsByPseudonym(text, await directory(app.db), pseudonyms) };
    });
    app.decorateRequest('identityPolicy', function (this: FastifyRequest) {
      const memo = this as FastifyRequest & { _identityPolicy?: Promise<IdentityPolicy> };
      memo._identityPolicy ??= policyFor(caseOfRequest(this));
      return memo._identityPolicy;
    });
  },
  { name: 'vigil-privacy', dependencies: ['vigil-db'] },
);

/**
 * Installed on the /api/app scope itself, so every route under it is covered however its path
 * is spelled (`/api/%61pp/…` is the same route; a test of the raw URL would miss it): builds the
 * identity policy before the handler, and passes every text reply through the redactor.
 */
export function redactApiReplies(scope: FastifyInstance): void {
  // Built before any handler runs: a handler may ask for it inside a transaction, which on
  // SQLite holds the one connection the settings and reveals would be read through.
  scope.addHook('preHandler', async (request) => {
    if (request.viewer !== null) await request.identityPolicy();
  });

  scope.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || request.viewer === null) return payload;
    const kind = textKind(reply.getHeader('content-type'));
    if (!kind) return payload;
    const policy = await request.identityPolicy();
    if (!policy.pseudonymize) return payload;
    if (
      request.routeOptions.config.accountNames === 'as-logged' &&
      request.viewer.permissions.has('identity.reveal')
    )
      return payload;
    return redactText(payload, await scope.identityDirectory(), policy, kind === 'json');
  });
}

/**
 * Every text search `q` of every route under the scope (issue 23): one that holds a name,
 * address or account name, whole or in part, is refused (403) to callers who may not reveal
 * identities, and audited (`person.search_by_name`) for those who may, before the route reads
 * a row. Installed on the /api/app scope, so a route added later is guarded too.
 */
export function guardTextSearch(scope: FastifyInstance): void {
  scope.addHook('preHandler', async (request) => {
    if (request.viewer === null) return;
    if (request.routeOptions.config.textSearch === 'query-values') return;
    const q = (request.query as { q?: unknown } | undefined)?.q;
    if (typeof q === 'string' && q.trim() !== '') await scope.guardNameSearch(request, q);
  });
}
