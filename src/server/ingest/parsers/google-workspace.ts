import { cleanIp, normalizeEmail } from './addresses';
import type { RecordContext } from './define-parser';
import { defineRecordParser, emptyPage } from './define-parser';
import type { JsonObject } from './fields';
import { at, field, firstText, isObject, list, text } from './fields';
import { googleEventFacts, readParameters } from './google-workspace-events';
import type { ParsedItem } from './parser';
import { recordDigest, stableId } from './stable-id';
import { requireTime } from './timestamps';

const PAGE_KIND = 'admin#reports#activities';

/**
 * Google Workspace Admin SDK Reports activities (`activities.list`). One activity may hold
 * several events; each becomes its own normalized event with the id
 * `<application>:<time>:<uniqueQualifier>:<name>:<event digest>@<actor hash>` (Google documents
 * uniqueQualifier as unique only among activities of the same time; the event's digest keeps
 * the events of one activity apart however they were split into lines). Also reads Elastic's copies (`events` as one
 * object), Panther's (one row per event, `name`/`type`/`parameters` at the top, parameters as
 * a dict) and whole API pages (`{kind: "admin#reports#activities", items: [...]}`).
 */
export const googleWorkspaceParser = defineRecordParser({
  source: 'google_workspace',
  label: 'Google Workspace audit',
  recordNoun: 'a Google Workspace activity',
  description:
    'Google Workspace Reports API activities: logins, Drive file access and sharing, admin changes.',
  framings: ['ndjson', 'json-wrapper', 'json-array'],
  mismatch(record) {
    if (text(field(record, 'kind')) === PAGE_KIND) return null;
    return text(at(record, 'id', 'applicationName')) === null
      ? 'it has no `id.applicationName`'
      : null;
  },
  parse(record, context) {
    if (text(field(record, 'kind')) === PAGE_KIND) {
      // A page of activities: its items are records of the same position.
      const items = list(field(record, 'items'));
      if (items.length === 0) return [emptyPage(context.position)];
      return items.flatMap((item) => {
        if (!isObject(item)) return context.fail('a page item is not a JSON object');
        return parseActivity(item, context);
      });
    }
    return parseActivity(record, context);
  },
});

function parseActivity(record: JsonObject, context: RecordContext): ParsedItem[] {
  const application = text(at(record, 'id', 'applicationName'));
  if (application === null)
    context.fail('no application: Google Workspace activities need `id.applicationName`');
  const time = requireTime(
    at(record, 'id', 'time'),
    { name: '`id.time`', missing: 'Google Workspace activities need `id.time`' },
    context.position,
    context.options,
  );
  const events = eventsOf(record);
  if (events.length === 0) context.fail('no events: the activity has no `events` and no `name`');
  const actorRecord = field(record, 'actor');
  const actorEmail = normalizeEmail(text(field(actorRecord, 'email')));
  const actorId = firstText(field(actorRecord, 'profileId'), field(actorRecord, 'key'));
  const uniqueQualifier =
    text(at(record, 'id', 'uniqueQualifier')) ?? stableId('g', [actorEmail, actorId, events]);
  const ip = cleanIp(field(record, 'ipAddress'));

  // Google promises uniqueQualifier unique only among same-time activities; the actor's hash
  // guards against the collisions seen in exported fixtures without making the id opaque.
  const actorKey = stableId('', [actorEmail, actorId]).slice(1, 13);
  // An event is keyed by its own content, not its index: exports that write one event per line
  // (Elastic, most shippers) repeat the activity's id with index 0 on every line. Identical
  // events within one activity are told apart by their occurrence.
  const seen = new Map<string, number>();
  return events.map((event, index) => {
    const name = text(field(event, 'name'));
    if (name === null)
      context.fail(`no event name: event ${index + 1} of the activity has no \`name\``);
    const parameters = readParameters(field(event, 'parameters'));
    // Account warnings come from Google itself; the affected user is who the event is about.
    const affected = normalizeEmail(parameters.get('affected_email_address'));
    const email = actorEmail ?? affected;
    if (email === null && actorId === null) {
      context.fail('no actor: Google Workspace activities need `actor.email`');
    }
    const facts = googleEventFacts(application, name, parameters, context.options);
    return context.event({
      time,
      sourceEventId: `${application}:${time}:${uniqueQualifier}:${name}:${eventKey(event, seen)}@${actorKey}`,
      action: name,
      actorEmail: email,
      actorId: actorId,
      ip,
      ...facts,
      attributes: {
        applicationName: application,
        eventType: text(field(event, 'type')) ?? undefined,
        callerType: text(field(actorRecord, 'callerType')) ?? undefined,
        docType: text(parameters.get('doc_type')) ?? undefined,
        owner: text(parameters.get('owner')) ?? undefined,
        visibility: text(parameters.get('visibility')) ?? undefined,
        suspicious:
          parameters.get('is_suspicious') === true || name.startsWith('suspicious_') || undefined,
        parameters: Object.fromEntries(parameters),
      },
    });
  });
}

/** The activity's events: the API's array, Elastic's single object, or Panther's flat row. */
function eventsOf(record: JsonObject): JsonObject[] {
  const events = field(record, 'events');
  if (events !== undefined && events !== null) return list(events).filter(isObject);
  if (text(field(record, 'name')) === null) return [];
  return [
    {
      name: field(record, 'name'),
      type: field(record, 'type'),
      parameters: field(record, 'parameters'),
    },
  ];
}

/** The digest of an event's content, with `#n` for its n-th repeat within the activity. */
function eventKey(event: JsonObject, seen: Map<string, number>): string {
  const key = recordDigest(event).slice(0, 16);
  const count = (seen.get(key) ?? 0) + 1;
  seen.set(key, count);
  return count === 1 ? key : `${key}#${count}`;
}
