/**
 * Every command id Vigil has, as data. The palette lists them, keymaps bind them, the client's
 * command files implement them; a keymap naming an id that is not here fails validation.
 */
import { z } from 'zod';

import { incidentStatuses } from '../incident-model';
import type { RouteId } from '../routes';
import { routeIds, routes } from '../routes';
import type { CommandSpec } from './command-spec';
import { createCommandRegistry } from './command-spec';

/** Modes of the palette, matching its typed prefixes (`>` commands, `#`, `@`, `/`). */
export const paletteModes = ['search', 'commands', 'investigations', 'people', 'pages'] as const;

/** The theme choices the brief names, stored under `ui-theme`. */
export const themes = ['light', 'dark', 'system'] as const;

/** Risk levels an investigator can set. */
export const riskLevels = ['low', 'medium', 'high', 'critical'] as const;

const routeIdSchema = z.enum(routeIds as [RouteId, ...RouteId[]]);
const idSchema = z.string().min(1);

// Routes without a `nav.*` command: sign-in plumbing, and screens that need an id the current
// context cannot supply (one incident, one integration), which the palette reaches by search.
const routesWithoutNavCommand = new Set<RouteId>([
  'landing',
  'auth',
  'authCallback',
  'incident',
  'integrationSettings',
]);

const navigationCommands: CommandSpec[] = routeIds
  .filter((routeId) => !routesWithoutNavCommand.has(routeId))
  .map((routeId) => {
    const route: { title: string; adminOnly?: boolean } = routes[routeId];
    return {
      id: `nav.${routeId}`,
      title: `Go to ${route.title}`,
      category: 'Navigation',
      keywords: ['go', 'open', 'page', ...route.title.toLowerCase().split(/[\s:]+/)],
      ...(route.adminOnly === true ? { adminOnly: true } : {}),
    };
  });

function command(
  id: string,
  title: string,
  category: CommandSpec['category'],
  keywords: readonly string[],
  extra: Pick<CommandSpec, 'args' | 'destructive' | 'adminOnly'> = {},
): CommandSpec {
  return { id, title, category, keywords, ...extra };
}

/** All command specs, in palette order within each category. */
export const commandSpecs: readonly CommandSpec[] = [
  command('palette.toggle', 'Toggle Command Palette', 'Palette', ['search', 'commands', 'find']),
  command('palette.open', 'Open Command Palette In Mode…', 'Palette', ['commands', 'mode'], {
    args: z.object({ mode: z.enum(paletteModes) }).strict(),
  }),
  command('help.shortcuts', 'Show Keyboard Shortcuts', 'Help', ['keys', 'help', 'cheat sheet']),
  command('search.focus', 'Focus Search', 'Palette', ['find', 'filter']),
  command('nav.go', 'Go to Page…', 'Navigation', ['open', 'route', 'page'], {
    args: z
      .object({
        to: routeIdSchema,
        params: z.record(z.string(), z.string()).optional(),
        search: z.record(z.string(), z.string()).optional(),
      })
      .strict(),
  }),
  command('nav.back', 'Go Back', 'Navigation', ['history', 'previous']),
  command('nav.forward', 'Go Forward', 'Navigation', ['history', 'next']),
  ...navigationCommands,
  command('investigation.open', 'Open Investigation…', 'Investigation', ['case', 'report'], {
    args: z.object({ id: idSchema }).strict().optional(),
  }),
  command('investigation.create', 'New Investigation…', 'Investigation', ['case', 'add']),
  command('investigation.setStatus', 'Set Investigation Status…', 'Investigation', ['close'], {
    args: z.object({ status: idSchema }).strict().optional(),
  }),
  command('investigation.setAssignee', 'Assign Investigation…', 'Investigation', ['owner'], {
    args: z.object({ userId: idSchema }).strict().optional(),
  }),
  command('investigation.setRisk', 'Set Investigation Risk…', 'Investigation', ['severity'], {
    args: z
      .object({ level: z.enum(riskLevels) })
      .strict()
      .optional(),
  }),
  command('employee.open', 'Open Employee…', 'People', ['person', 'subject', 'user'], {
    args: z.object({ id: idSchema }).strict().optional(),
  }),
  command('incident.open', 'Open Incident…', 'Incident', ['timeline', 'alert'], {
    args: z.object({ investigationId: idSchema, incidentId: idSchema }).strict().optional(),
  }),
  command(
    'incident.setStatus',
    'Set Incident Status…',
    'Incident',
    ['dismiss', 'acknowledge', 'confirm', 'triage'],
    {
      args: z
        .object({ status: z.enum(incidentStatuses) })
        .strict()
        .optional(),
    },
  ),
  command('evidence.pin', 'Pin to Evidence', 'Evidence', ['save', 'keep', 'bookmark']),
  command('create.contextual', 'Create…', 'Workspace', ['new', 'add', 'note']),
  command('link.copy', 'Copy Link to This View', 'Workspace', ['url', 'share', 'deep link']),
  command('theme.set', 'Set Theme…', 'Appearance', ['dark', 'light', 'system'], {
    args: z.object({ theme: z.enum(themes) }).strict(),
  }),
  command('theme.toggle', 'Toggle Dark/Light Theme', 'Appearance', ['dark', 'light']),
  command('auth.signOut', 'Sign Out', 'Account', ['log out', 'logout']),
  command('tab.new', 'New Tab', 'Workspace', ['open']),
  command('tab.close', 'Close Tab', 'Workspace', ['remove']),
  command('tab.next', 'Next Tab', 'Workspace', ['switch']),
  command('tab.prev', 'Previous Tab', 'Workspace', ['switch']),
  command('tab.goto', 'Go to Tab…', 'Workspace', ['switch', 'number'], {
    args: z.object({ index: z.number().int().min(1) }).strict(),
  }),
  command('tab.moveLeft', 'Move Tab Left', 'Workspace', ['reorder']),
  command('tab.moveRight', 'Move Tab Right', 'Workspace', ['reorder']),
  command('pane.toggleSplit', 'Toggle Split View', 'Workspace', ['side by side', 'compare']),
  command('pane.focusLeft', 'Focus Left Pane', 'Workspace', ['split']),
  command('pane.focusRight', 'Focus Right Pane', 'Workspace', ['split']),
  command('pane.focusOther', 'Focus Other Pane', 'Workspace', ['split', 'switch']),
  command('list.next', 'Next Row', 'List', ['down']),
  command('list.prev', 'Previous Row', 'List', ['up']),
  command('list.first', 'First Row', 'List', ['top']),
  command('list.last', 'Last Row', 'List', ['bottom']),
  command('list.pageDown', 'Page Down', 'List', ['scroll']),
  command('list.pageUp', 'Page Up', 'List', ['scroll']),
  command('list.extendNext', 'Extend Selection Down', 'List', ['select']),
  command('list.extendPrev', 'Extend Selection Up', 'List', ['select']),
  command('list.toggleSelect', 'Toggle Row Selection', 'List', ['select', 'check']),
  command('list.selectAll', 'Select All Rows', 'List', ['select']),
  command('list.clearSelection', 'Clear Selection', 'List', ['deselect', 'unselect']),
  command('list.open', 'Open Row', 'List', ['enter', 'details']),
  command('list.openInNewTab', 'Open Row in New Tab', 'List', ['tab']),
  command('list.exportCsv', 'Export Rows as CSV', 'List', ['download', 'spreadsheet']),
  command('list.back', 'Back to List', 'List', ['up', 'return']),
  command('overlay.close', 'Close Overlay', 'Workspace', ['escape', 'dismiss']),
  command('timeline.cursorPrev', 'Previous Timeline Event', 'Timeline', ['left', 'earlier']),
  command('timeline.cursorNext', 'Next Timeline Event', 'Timeline', ['right', 'later']),
  command('timeline.zoomIn', 'Zoom Timeline In', 'Timeline', ['magnify']),
  command('timeline.zoomOut', 'Zoom Timeline Out', 'Timeline', ['shrink']),
  command('timeline.expand', 'Expand Timeline Event', 'Timeline', ['details', 'open']),
  command('admin.createUser', 'Create User…', 'Admin', ['add', 'account'], { adminOnly: true }),
  command('admin.disableUser', 'Disable User…', 'Admin', ['deactivate', 'block'], {
    adminOnly: true,
    destructive: true,
  }),
  command('admin.assignRole', 'Assign Global Role…', 'Admin', ['permission'], {
    adminOnly: true,
  }),
  command(
    'integration.connect',
    'Connect a Log Source…',
    'Admin',
    ['integration', 'source', 'ingest', 'okta', 'upload', 'token'],
    { adminOnly: true },
  ),
  command('admin.createRole', 'Create Global Role…', 'Admin', ['permission'], {
    adminOnly: true,
  }),
  command('settings.keymap', 'Open Keyboard Shortcut Settings', 'Settings', ['keys', 'remap']),
];

/** The registry every keymap and palette lookup goes through; duplicate ids throw here. */
export const commandCatalog = createCommandRegistry(commandSpecs);
