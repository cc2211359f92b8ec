/**
 * Every command id Vigil has, with what a keymap rule may say about it: the args it takes and
 * whether a key may trigger it at all. keymaps/*.json, the keymap validation and the server
 * (checking a user's own rules) need no more than this. Everything else about a command (title,
 * category, keywords, when it is enabled, what it does) lives in its one file under
 * src/client/commands/; a unit test keeps that registry and this list equal.
 */
import { z } from 'zod';

import { caseExportKinds } from '../case-exports';
import { incidentStatuses } from '../incident-model';
import { riskLevels } from '../investigation-model';
import type { RouteDefinition, RouteId } from '../routes';
import { routeIds, routes } from '../routes';
import type { CommandSpec } from './command-spec';
import { createCommandRegistry } from './command-spec';

/** Modes of the palette, matching its typed prefixes (`>` commands, `#`, `@`, `/`). */
export const paletteModes = ['search', 'commands', 'investigations', 'people', 'pages'] as const;

/** The theme choices the brief names, stored under `ui-theme`. */
export const themes = ['light', 'dark', 'system'] as const;

const routeIdSchema = z.enum(routeIds as [RouteId, ...RouteId[]]);
const idSchema = z.string().min(1);

// Routes without a `nav.*` command: sign-in plumbing, and screens that need an id the current
// context cannot supply (one incident, one integration), which the palette reaches by search.
const routesWithoutNavCommand = new Set<RouteId>([
  'landing',
  'auth',
  'authCallback',
  'incident',
  'alert',
  'integrationSettings',
  'integrationQuarantine',
]);

/** The routes with a `nav.<route id>` command ("Go to …"), in route table order. */
export const navigableRouteIds = routeIds.filter(
  (routeId) => !routesWithoutNavCommand.has(routeId),
);

const navigationCommands: CommandSpec[] = navigableRouteIds.map((routeId) => {
  const route: RouteDefinition = routes[routeId];
  return { id: `nav.${routeId}`, ...(route.adminOnly === true ? { adminOnly: true } : {}) };
});

const optionalArgs = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object(shape).strict().optional();

/** Every command, in palette order. */
const commandSpecs: readonly CommandSpec[] = [
  { id: 'palette.toggle' },
  { id: 'palette.open', args: z.object({ mode: z.enum(paletteModes) }).strict() },
  { id: 'help.shortcuts' },
  { id: 'search.focus' },
  {
    id: 'nav.go',
    args: z
      .object({
        to: routeIdSchema,
        params: z.record(z.string(), z.string()).optional(),
        search: z.record(z.string(), z.string()).optional(),
      })
      .strict(),
  },
  { id: 'nav.back' },
  { id: 'nav.forward' },
  ...navigationCommands,
  { id: 'investigation.open', args: optionalArgs({ id: idSchema }) },
  { id: 'investigation.create' },
  { id: 'investigation.createFromTemplate', args: optionalArgs({ templateId: idSchema }) },
  { id: 'checklist.tick', args: optionalArgs({ stepId: idSchema }) },
  { id: 'investigation.setStatus', args: optionalArgs({ status: idSchema }) },
  { id: 'investigation.close' },
  { id: 'investigation.reopen' },
  { id: 'investigation.placeLegalHold' },
  { id: 'investigation.liftLegalHold' },
  { id: 'note.write' },
  { id: 'note.amend', args: optionalArgs({ noteId: idSchema }) },
  { id: 'investigation.setAssignee', args: optionalArgs({ userId: idSchema }) },
  { id: 'investigation.setRisk', args: optionalArgs({ level: z.enum(riskLevels) }) },
  { id: 'investigation.export', args: optionalArgs({ kind: z.enum(caseExportKinds) }) },
  { id: 'employee.open', args: optionalArgs({ id: idSchema }) },
  { id: 'employee.showRisky' },
  { id: 'incident.open', args: optionalArgs({ investigationId: idSchema, incidentId: idSchema }) },
  { id: 'incident.setStatus', args: optionalArgs({ status: z.enum(incidentStatuses) }) },
  { id: 'evidence.pin' },
  { id: 'evidence.verify' },
  { id: 'evidence.unpin' },
  { id: 'alert.dismiss' },
  { id: 'alert.assign', args: optionalArgs({ userId: z.string() }) },
  { id: 'alert.review' },
  { id: 'alert.reopen' },
  { id: 'alert.escalate' },
  { id: 'create.contextual' },
  { id: 'link.copy' },
  { id: 'theme.set', args: z.object({ theme: z.enum(themes) }).strict() },
  { id: 'theme.toggle' },
  { id: 'auth.signOut' },
  { id: 'tab.new' },
  { id: 'tab.close' },
  { id: 'tab.next' },
  { id: 'tab.prev' },
  { id: 'tab.goto', args: z.object({ index: z.number().int().min(1) }).strict() },
  { id: 'tab.moveLeft' },
  { id: 'tab.moveRight' },
  { id: 'pane.toggleSplit' },
  { id: 'pane.focusLeft' },
  { id: 'pane.focusRight' },
  { id: 'pane.focusOther' },
  { id: 'list.next' },
  { id: 'list.prev' },
  { id: 'list.first' },
  { id: 'list.last' },
  { id: 'list.pageDown' },
  { id: 'list.pageUp' },
  { id: 'list.extendNext' },
  { id: 'list.extendPrev' },
  { id: 'list.toggleSelect' },
  { id: 'list.selectAll' },
  { id: 'list.clearSelection' },
  { id: 'list.open' },
  { id: 'list.openInNewTab' },
  { id: 'list.exportCsv' },
  { id: 'list.back' },
  { id: 'overlay.close' },
  { id: 'form.submit' },
  { id: 'timeline.cursorPrev' },
  { id: 'timeline.cursorNext' },
  { id: 'timeline.zoomIn' },
  { id: 'timeline.zoomOut' },
  { id: 'timeline.expand' },
  { id: 'subjectTimeline.filter' },
  { id: 'subjectTimeline.jumpToDate' },
  { id: 'admin.createUser', adminOnly: true },
  { id: 'admin.disableUser', adminOnly: true, destructive: true },
  { id: 'admin.assignRole', adminOnly: true },
  { id: 'integration.connect', adminOnly: true },
  // On an integration's settings screen: its collector (issue 27).
  { id: 'collection.test', adminOnly: true },
  { id: 'collection.pollNow', adminOnly: true },
  { id: 'collection.pause', adminOnly: true },
  { id: 'collection.resume', adminOnly: true },
  // The quarantine of an integration or of command-line batches (issue 26): open it (from the
  // palette, its choices; q on the integrations list or settings: that one), and on its screen
  // try again, download and discard the record under the cursor. Keys, so not adminOnly (they
  // say why a role may not, as the detection rule keys do); discarding asks for a reason first.
  {
    id: 'quarantine.open',
    args: z.object({ integrationId: idSchema.optional() }).strict().optional(),
  },
  { id: 'quarantine.retry' },
  // Hunt (issue 28): Hunt… from anywhere; on its screen ? shows the query fields and p pins an
  // event to a case about its person; s, a and n pivot on the value under the grid's cell
  // cursor; shift+p offers the event's person (timeline, alerts, a new case).
  { id: 'hunt.open' },
  { id: 'hunt.fields' },
  { id: 'hunt.pinEvent' },
  { id: 'hunt.searchValue' },
  { id: 'hunt.addValue' },
  { id: 'hunt.excludeValue' },
  { id: 'hunt.person', args: optionalArgs({ show: z.enum(['timeline', 'alerts', 'case']) }) },
  { id: 'quarantine.download' },
  { id: 'quarantine.discard' },
  { id: 'admin.createRole', adminOnly: true },
  { id: 'detectionRule.add', adminOnly: true },
  { id: 'detectionRule.test' },
  // Keys on the Detection rules screen, as the alert queue's d/a/r: enabling is undone by the
  // same key, and deleting only opens a confirmation whose Cancel has the focus (custom rules
  // only; shipped ones can be disabled, never deleted). Both say why when the role may not.
  { id: 'detectionRule.toggleEnabled' },
  { id: 'detectionRule.delete' },
  { id: 'watchlist.create', adminOnly: true },
  // Notifications (issue 29): channels, rules, the delivery log.
  { id: 'notifications.createChannel', adminOnly: true },
  { id: 'notifications.createRule', adminOnly: true },
  { id: 'notifications.testChannel', adminOnly: true },
  { id: 'notifications.retryDelivery', adminOnly: true },
  // Opened by Enter on a channel's or rule's row (the grid's own key), so bound to no key.
  { id: 'notifications.edit', adminOnly: true },
  // Keys on the channels and rules screens (e, Delete): not adminOnly, so the keys can say why a
  // role may not; deleting asks first, with Cancel focused.
  { id: 'notifications.toggleEnabled' },
  { id: 'notifications.delete' },
  // Keys on the Templates screen: n new, e edit, Delete asks before deleting (not shipped ones).
  // Not adminOnly, so the keys can say why a role may not (as the detection rule keys do).
  { id: 'template.create' },
  { id: 'template.edit' },
  { id: 'template.delete' },
  // Keys on the Audit log screen: f moves to its filters, e downloads the filtered view as CSV.
  { id: 'audit.filter' },
  { id: 'audit.exportCsv' },
  // A case's identity reveal (i d) and, on Reveal requests, a approves and d denies.
  {
    id: 'identity.reveal',
    args: z.object({ employeeId: idSchema.optional() }).strict().optional(),
  },
  { id: 'reveal.approve' },
  { id: 'reveal.deny' },
  // The requester withdraws their own pending request in a case (i w), after confirming.
  { id: 'reveal.withdraw' },
  { id: 'settings.keymap' },
  { id: 'account.changePassword' },
  // Personal API tokens: made under Settings, revoked there or (admins) on API tokens.
  { id: 'apiToken.create' },
  { id: 'apiToken.revoke' },
];

/** The registry every keymap check goes through; duplicate or undotted ids throw here. */
export const commandIds = createCommandRegistry(commandSpecs);
