import { prngFor } from './prng';

/** Tenant names every source derives from the company's mail domain. */
export interface Company {
  /** Display name, e.g. `Northwind`. */
  readonly name: string;
  /** Mail domain, e.g. `northwind.example`. */
  readonly domain: string;
  /** Active Directory NetBIOS domain, e.g. `NORTHWIND`. */
  readonly netbios: string;
  /** Lowercase tenant slug used in SaaS host names, e.g. `northwind`. */
  readonly slug: string;
  /** Windows DNS suffix of managed laptops. */
  readonly adDomain: string;
  readonly sharepointHost: string;
  readonly oneDriveHost: string;
  readonly m365OrganizationId: string;
  readonly googleCustomerId: string;
  readonly slackEnterpriseId: string;
  readonly slackTeamId: string;
  readonly githubOrg: string;
  readonly githubOrgId: number;
  readonly githubBusinessId: number;
  /** Domain part of the Windows SIDs: S-1-5-21-a-b-c. */
  readonly domainSid: string;
}

/** Derives the tenant identity from the mail domain; ids are stable for a seed. */
export function buildCompany(domain: string, seed: number): Company {
  const slug = domain.split('.')[0] ?? 'northwind';
  const prng = prngFor(seed, 'company', domain);
  const name = slug.charAt(0).toUpperCase() + slug.slice(1);
  return {
    name,
    domain,
    netbios: slug
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 15),
    slug,
    adDomain: `corp.${domain}`,
    sharepointHost: `https://${slug}.sharepoint.com`,
    oneDriveHost: `https://${slug}-my.sharepoint.com`,
    m365OrganizationId: prng.uuid(),
    googleCustomerId: `C0${prng.alnum(7)}`,
    slackEnterpriseId: `E0${prng.upperAlnum(8)}`,
    slackTeamId: `T0${prng.upperAlnum(8)}`,
    githubOrg: slug,
    githubOrgId: prng.int(10_000_000, 99_999_999),
    githubBusinessId: prng.int(1000, 99_999),
    domainSid: `S-1-5-21-${prng.int(1e9, 4e9)}-${prng.int(1e9, 4e9)}-${prng.int(1e8, 4e9)}`,
  };
}
