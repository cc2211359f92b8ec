import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { unmappedAccountsReplySchema } from '../../../shared/schemas/identity-mapping';
import { unmappedAccounts } from '../../ingest/identity/unmapped-accounts';

/** GET /integrations/unmapped-accounts: accounts whose events joined no employee, with counts. */
export const unmappedAccountsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/integrations/unmapped-accounts',
    {
      // Accounts that map to nobody, for the HR feed's aliases: an admin who may reveal
      // identities reads them as logged (the plugin redacts them for anyone else).
      config: { accountNames: 'as-logged' },
      schema: {
        tags: ['integrations'],
        querystring: z.strictObject({}),
        response: { 200: unmappedAccountsReplySchema },
      },
    },
    async () => unmappedAccounts(app.database),
  );
};
