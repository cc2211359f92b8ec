import type { EventSource } from '../../../shared/events';
import type { Collector } from './collector';
import { boxCollector } from './box/box-collector';
import { dropboxCollector } from './dropbox/dropbox-collector';
import { githubCollector } from './github/github-collector';
import { googleWorkspaceCollector } from './google/google-collector';
import { m365Collector } from './m365/m365-collector';
import { oktaCollector } from './okta/okta-collector';
import { slackCollector } from './slack/slack-collector';

/** The collector of each kind Vigil collects from by itself. */
const COLLECTORS: Partial<Record<EventSource, Collector>> = {
  okta: oktaCollector,
  github: githubCollector,
  m365: m365Collector,
  google_workspace: googleWorkspaceCollector,
  slack: slackCollector,
  box: boxCollector,
  dropbox: dropboxCollector,
};

/** The collector of a kind, or null when Vigil does not collect it by itself. */
export function collectorFor(kind: string): Collector | null {
  return COLLECTORS[kind as EventSource] ?? null;
}
