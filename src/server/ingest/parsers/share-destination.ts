import type { Activity } from '../../../shared/events';
import { isExternalAddress, isPersonalAddress, normalizeEmail } from './addresses';
import type { ParserOptions } from './parser';

/** Who a cloud file was opened to, as the file-sharing parsers (Box, Dropbox) read it. */
export interface ShareGrant {
  /** The person or group given access, when the record names one. */
  grantee: string | null;
  /** Anyone with the link may open the file. */
  publicLink: boolean;
  /** The source itself says someone outside the company is involved. */
  outsider: boolean;
}

/** The normalized verb, destination and target of a share. */
export interface ShareFacts {
  activity: Extract<Activity, 'file_share' | 'file_share_external'>;
  destination: string | null;
  target: string | null;
}

/**
 * How a share counts for the findings, the same way the Microsoft 365 and Google Drive parsers
 * count theirs: a public link is `public_link`, a grantee at a free-mail provider is
 * `personal_email`, any other outsider is `external_share`; a colleague is an internal share
 * with no destination.
 */
export function shareFacts(grant: ShareGrant, options: ParserOptions): ShareFacts {
  const email = normalizeEmail(grant.grantee);
  const outsider = grant.outsider || (email !== null && isExternalAddress(email, options));
  const external = grant.publicLink || outsider;
  const destination = !external
    ? null
    : email !== null && isPersonalAddress(email, options)
      ? 'personal_email'
      : grant.publicLink
        ? 'public_link'
        : 'external_share';
  return {
    activity: external ? 'file_share_external' : 'file_share',
    destination,
    target: email ?? grant.grantee,
  };
}
