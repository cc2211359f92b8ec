import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { HuntDeps, HuntRequest } from '../../hunt/run-hunt';
import { huntTree } from '../../hunt/run-hunt';
import { peopleNamedBy } from '../../hunt/people-named';
import { termsOf } from '../../hunt/query-tree';
import type { HuntNode } from '../../hunt/query-tree';

/**
 * A hunting request read: its query parsed (a 400 with the position when it cannot be) and
 * its values checked for names (a real name, address or account name needs `identity.reveal`
 * and is audited; anyone else gets a 403, audited as a refusal), and what running it needs.
 */
export async function huntContext(
  app: FastifyInstance,
  request: FastifyRequest,
  query: HuntRequest,
): Promise<{ deps: HuntDeps; tree: HuntNode | null }> {
  const tree = huntTree(query);
  if (tree) {
    const values = termsOf(tree)
      .map((t) => (t.kind === 'term' ? t.value.replace(/[*?]/g, ' ') : ''))
      .join(' ')
      .trim();
    if (values) await app.guardNameSearch(request, values);
  }
  const directory = await app.identityDirectory();
  return {
    tree,
    deps: {
      db: app.db,
      dialect: app.database.dialect,
      peopleNamed: peopleNamedBy(directory, app.pseudonyms),
      now: Date.now(),
    },
  };
}
