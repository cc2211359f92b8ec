import { isoTime } from '../calendar';
import type { Device, Employee } from '../org-types';
import { hash32, prngFor, type Prng } from '../prng';
import type { NativeRecord } from '../source-types';

/** A LogEvent `target` entry. */
export interface OktaTarget {
  readonly id: string;
  readonly type: string;
  readonly alternateId: string;
  readonly displayName: string;
  readonly detailEntry?: Record<string, unknown> | null;
}

/** What varies between Okta events; the rest follows from the actor and the session. */
export interface OktaEventSpec {
  readonly time: number;
  readonly eventType: string;
  readonly displayMessage: string;
  readonly legacyEventType: string | null;
  readonly ip: string;
  readonly device: Device;
  readonly outcome?: { result: 'SUCCESS' | 'FAILURE' | 'ALLOW' | 'DENY'; reason?: string | null };
  readonly severity?: 'INFO' | 'WARN';
  readonly target?: readonly OktaTarget[] | null;
  readonly debugData?: Record<string, unknown>;
  readonly sessionId: string;
  readonly credentialType?: string | null;
}

const appIds = new Map<string, string>();

/** Okta's application instance id for an app name; stable across runs. */
function oktaAppId(appName: string): string {
  let id = appIds.get(appName);
  if (id === undefined) {
    id = `0oa${prngFor(hash32(appName), 'okta-app').alnum(17)}`;
    appIds.set(appName, id);
  }
  return id;
}

/** A target entry for an employee. */
export function oktaUserTarget(e: Employee): OktaTarget {
  return {
    id: e.oktaId,
    type: 'User',
    alternateId: e.email,
    displayName: e.fullName,
    detailEntry: null,
  };
}

function geo(e: Employee): Record<string, unknown> {
  const l = e.location;
  return {
    city: l.city,
    state: l.state,
    country: l.country,
    postalCode: l.postalCode,
    geolocation: { lat: l.lat, lon: l.lon },
  };
}

/** One System Log LogEvent as `/api/v1/logs` returns it. */
export function oktaEvent(e: Employee, spec: OktaEventSpec, prng: Prng): NativeRecord {
  const mobile = spec.device.kind === 'iphone' || spec.device.kind === 'android';
  const l = e.location;
  const outcome = spec.outcome ?? { result: 'SUCCESS' };
  return {
    actor: {
      id: e.oktaId,
      type: 'User',
      alternateId: e.email,
      displayName: e.fullName,
      detailEntry: null,
    },
    client: {
      userAgent: {
        rawUserAgent: spec.device.userAgent,
        os: spec.device.uaOs,
        browser: spec.device.uaBrowser,
      },
      zone: 'null',
      device: mobile ? 'Mobile' : 'Computer',
      id: null,
      ipAddress: spec.ip,
      geographicalContext: geo(e),
    },
    device: null,
    authenticationContext: {
      authenticationProvider: null,
      credentialProvider: null,
      credentialType: spec.credentialType ?? null,
      issuer: null,
      interface: null,
      authenticationStep: 0,
      externalSessionId: spec.sessionId,
    },
    displayMessage: spec.displayMessage,
    eventType: spec.eventType,
    outcome: { result: outcome.result, reason: outcome.reason ?? null },
    published: isoTime(spec.time),
    securityContext: {
      asNumber: l.asNumber,
      asOrg: l.isp.toLowerCase(),
      isp: l.isp.toLowerCase(),
      domain: null,
      isProxy: false,
    },
    severity: spec.severity ?? (outcome.result === 'FAILURE' ? 'WARN' : 'INFO'),
    debugContext: {
      debugData: {
        requestId: `${prng.alnum(10)}${prng.hex(6)}AAA${prng.alnum(6)}`,
        requestUri: '/idp/idx/authenticate',
        url: '/idp/idx/authenticate?',
        ...spec.debugData,
      },
    },
    legacyEventType: spec.legacyEventType,
    transaction: { type: 'WEB', id: prng.alnum(27), detail: {} },
    uuid: prng.uuid(),
    version: '0',
    request: {
      ipChain: [{ ip: spec.ip, geographicalContext: geo(e), version: 'V4', source: null }],
    },
    target: spec.target ?? null,
  };
}

const SSO_DEBUG = (app: string): Record<string, unknown> => {
  const slug = app.toLowerCase().replace(/[^a-z0-9]+/g, '');
  return {
    requestUri: `/app/${slug}/exk${slug.slice(0, 4)}/sso/saml`,
    url: `/app/${slug}/sso/saml?`,
  };
};

/** An SSO into an application. */
export function oktaSso(
  e: Employee,
  app: string,
  base: Omit<OktaEventSpec, 'eventType' | 'displayMessage' | 'legacyEventType'>,
  prng: Prng,
): NativeRecord {
  return oktaEvent(
    e,
    {
      ...base,
      eventType: 'user.authentication.sso',
      displayMessage: 'User single sign on to app',
      legacyEventType: 'app.auth.sso',
      target: [
        {
          id: oktaAppId(app),
          type: 'AppInstance',
          alternateId: app,
          displayName: app,
          detailEntry: { signOnModeType: 'SAML_2_0' },
        },
        {
          id: `0ua${prng.alnum(17)}`,
          type: 'AppUser',
          alternateId: e.email,
          displayName: e.fullName,
          detailEntry: null,
        },
      ],
      debugData: SSO_DEBUG(app),
    },
    prng,
  );
}
