import type { Configuration } from '../../../shared/schemas/configuration';

/** What a mail or contact domain is to the company. */
export type DomainKind = 'company' | 'personal' | 'competitor' | 'external';

/** Whether a domain is one of these, or a subdomain of one. */
function within(domain: string, list: readonly string[]): boolean {
  const d = domain.toLowerCase();
  return list.some((entry) => d === entry || d.endsWith(`.${entry}`));
}

/** Classifies a domain with the configuration's company, personal and competitor domains. */
export function domainKind(domain: string, config: Configuration): DomainKind {
  if (within(domain, config.companyDomains)) return 'company';
  if (within(domain, config.personalEmailDomains)) return 'personal';
  if (config.competitors.some((c) => within(domain, c.domains))) return 'competitor';
  return 'external';
}

/** The competitor a domain belongs to, or null. */
export function competitorOf(domain: string, config: Configuration): string | null {
  return config.competitors.find((c) => within(domain, c.domains))?.name ?? null;
}

/** The domain of an email address ('' for none). */
export function domainOf(address: string): string {
  const at = address.lastIndexOf('@');
  return at >= 0 ? address.slice(at + 1).toLowerCase() : '';
}
