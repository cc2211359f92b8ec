import type { EventSource } from '../../../shared/events';
import type { ParserOptions } from '../parsers/index';
import { parserFor } from '../parsers/index';
import { FormatRouter } from './format-router';
import { IdentityDirectory } from './identity-directory';
import type { IngestSource } from './types';

/**
 * Everything a batch's parsing needs, as plain data: it crosses to a parse worker by
 * structured clone, so it holds no functions (`accountToEmail` is rebuilt from the identities).
 */
export interface ParseSetup {
  source: IngestSource;
  /** With `auto`, the format asked first. */
  preferredSource?: EventSource;
  /** With `auto`, the only format taken (an integration of one kind); others are refused. */
  onlySource?: EventSource;
  /** Every known employee's id and email, for joining identities across sources. */
  identities: Array<{ id: string; email: string }>;
  companyDomains: string[];
  personalEmailDomains: string[];
  /** The parser's "now" (times after it are in the future). */
  now: number;
  removableDrives?: readonly string[];
  integrationId: string | null;
  /** When the batch began: every row's ingested_at. */
  ingestedAt: number;
  /** Kinds of records the integration drops on purpose. */
  dropKinds?: string[];
  /** Give a record without a time the time it was received instead of quarantining it. */
  undatedAsReceived?: boolean;
}

/** The parse of a batch opened from a {@link ParseSetup}, with the directory it resolves employees in. */
export interface OpenedParse {
  router: FormatRouter;
  directory: IdentityDirectory;
}

/** Opens the parse of one batch; throws for a source without a parser (checked earlier). */
export function openParse(setup: ParseSetup): OpenedParse {
  const parser = setup.source === 'auto' ? null : parserFor(setup.source);
  if (parser === undefined) throw new Error(`There is no parser for the source "${setup.source}".`);
  const directory = new IdentityDirectory(setup.identities, setup.companyDomains);
  const options: Partial<ParserOptions> = {
    companyDomains: setup.companyDomains,
    personalEmailDomains: setup.personalEmailDomains,
    now: setup.now,
    accountToEmail: directory.accountToEmail,
    ...(setup.removableDrives ? { removableDrives: setup.removableDrives } : {}),
    ...(setup.undatedAsReceived ? { undatedTime: setup.ingestedAt } : {}),
  };
  const preferred = setup.preferredSource ? parserFor(setup.preferredSource) : undefined;
  const only = setup.onlySource ? parserFor(setup.onlySource) : undefined;
  return { router: new FormatRouter(parser, options, preferred, only), directory };
}
