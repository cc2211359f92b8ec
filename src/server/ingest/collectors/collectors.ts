import type { EventSource } from '../../../shared/events';
import type { Collector } from './collector';
import { boxCollector } from './box/box-collector';
import { dropboxCollector } from './dropbox/dropbox-collector';
import { githubCollector } from './github/github-collector';
import { oktaCollector } from './okta/okta-collector';
import { slackCollector } from './slack/slack-collector';

/** The collector of each kind Vigil collects from by itself. */
const COLLECTORS: Partial<Record<EventSource, Collector>> = {
  okta: oktaCollector,
  github: githubCollector,
  slack: slackCollector,
  box: boxCollector,
  dropbox: dropboxCollector,
};

/** The collector of a kind, or null when Vigil does not collect it by itself. */
export function collectorFor(kind: string): Collector | null {
  return COLLECTORS[kind as EventSource] ?? null;
}
