import type { EventSource } from '../../../shared/events';
import { accessRequestsParser } from './access-requests';
import { boxParser } from './box';
import { deviceInventoryParser } from './device-inventory';
import { dropboxParser } from './dropbox';
import { githubParser } from './github';
import { googleWorkspaceParser } from './google-workspace';
import { hrParser } from './hr';
import { m365Parser } from './m365';
import { normalizedParser } from './normalized';
import { oktaParser } from './okta';
import type { SourceParser } from './parser';
import { slackParser } from './slack';
import { windowsParser } from './windows';

/** Every parser, by the source id integrations and uploads name. */
export const parsers: Readonly<Record<EventSource, SourceParser>> = {
  okta: oktaParser,
  google_workspace: googleWorkspaceParser,
  m365: m365Parser,
  github: githubParser,
  slack: slackParser,
  windows: windowsParser,
  device_inventory: deviceInventoryParser,
  access_requests: accessRequestsParser,
  hr: hrParser,
  box: boxParser,
  dropbox: dropboxParser,
  normalized: normalizedParser,
};

/** The parser for a source id, or undefined for an unknown one (a 400 for the caller). */
export function parserFor(source: string): SourceParser | undefined {
  return Object.hasOwn(parsers, source) ? parsers[source as EventSource] : undefined;
}

/** The parser contract, for callers that only import the registry. */
export type { ParserOptions, ParserSession, SourceParser } from './parser';
