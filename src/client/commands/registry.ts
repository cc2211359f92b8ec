import { commandIds } from '../../shared/commands/command-ids';
import { adminAssignRole } from './admin/admin-assign-role';
import { adminCreateRole } from './admin/admin-create-role';
import { adminCreateUser } from './admin/admin-create-user';
import { integrationConnect } from './admin/integration-connect';
import { collectionPause } from './collection/collection-pause';
import { collectionPoll } from './collection/collection-poll';
import { collectionResume } from './collection/collection-resume';
import { collectionTest } from './collection/collection-test';
import { quarantineDiscard } from './quarantine/quarantine-discard';
import { quarantineDownload } from './quarantine/quarantine-download';
import { quarantineOpen } from './quarantine/quarantine-open';
import { quarantineRetry } from './quarantine/quarantine-retry';
import { adminDisableUser } from './admin/admin-disable-user';
import { authSignOut } from './account/auth-sign-out';
import { accountChangePassword } from './account/account-change-password';
import { apiTokenCreate } from './account/api-token-create';
import { apiTokenRevoke } from './account/api-token-revoke';
import { settingsKeymap } from './account/settings-keymap';
import { auditExportCsv } from './audit/audit-export-csv';
import { auditFilter } from './audit/audit-filter';
import { themeSet } from './account/theme-set';
import { themeToggle } from './account/theme-toggle';
import { alertAssign } from './alert/alert-assign';
import { alertDismiss } from './alert/alert-dismiss';
import { alertEscalate } from './alert/alert-escalate';
import { alertReopen } from './alert/alert-reopen';
import { alertReview } from './alert/alert-review';
import type { ClientCommand } from './command';
import { huntFields } from './hunt/hunt-fields';
import { huntOpen } from './hunt/hunt-open';
import { huntPinEvent } from './hunt/hunt-pin-event';
import { huntSearchValue } from './hunt/hunt-search-value';
import { huntAddValue } from './hunt/hunt-add-value';
import { huntExcludeValue } from './hunt/hunt-exclude-value';
import { huntPerson } from './hunt/hunt-person';
import { detectionRuleAdd } from './detection/detection-rule-add';
import { detectionRuleDelete } from './detection/detection-rule-delete';
import { detectionRuleTest } from './detection/detection-rule-test';
import { detectionRuleToggleEnabled } from './detection/detection-rule-toggle-enabled';
import { watchlistCreate } from './detection/watchlist-create';
import { notificationChannelCreate } from './notifications/notification-channel-create';
import { notificationChannelTest } from './notifications/notification-channel-test';
import { notificationDeliveryRetry } from './notifications/notification-delivery-retry';
import { notificationItemDelete } from './notifications/notification-item-delete';
import { notificationItemEdit } from './notifications/notification-item-edit';
import { notificationItemToggle } from './notifications/notification-item-toggle';
import { notificationRuleCreate } from './notifications/notification-rule-create';
import { checklistTick } from './templates/checklist-tick';
import { investigationCreateFromTemplate } from './templates/investigation-create-from-template';
import { templateCreate } from './templates/template-create';
import { templateDelete } from './templates/template-delete';
import { templateEdit } from './templates/template-edit';
import { employeeOpen } from './investigation/employee-open';
import { employeeShowRisky } from './investigation/employee-show-risky';
import { evidencePin } from './investigation/evidence-pin';
import { evidenceUnpin } from './investigation/evidence-unpin';
import { evidenceVerify } from './investigation/evidence-verify';
import { incidentOpen } from './investigation/incident-open';
import { incidentSetStatus } from './investigation/incident-set-status';
import { investigationCreate } from './investigation/investigation-create';
import { investigationExport } from './investigation/investigation-export';
import { investigationOpen } from './investigation/investigation-open';
import { investigationSetAssignee } from './investigation/investigation-set-assignee';
import { investigationSetRisk } from './investigation/investigation-set-risk';
import { investigationSetStatus } from './investigation/investigation-set-status';
import { investigationClose } from './investigation/investigation-close';
import { investigationReopen } from './investigation/investigation-reopen';
import { legalHoldLift } from './investigation/legal-hold-lift';
import { legalHoldPlace } from './investigation/legal-hold-place';
import { noteAmend } from './investigation/note-amend';
import { noteWrite } from './investigation/note-write';
import { identityReveal } from './privacy/identity-reveal';
import { revealApprove } from './privacy/reveal-approve';
import { revealDeny } from './privacy/reveal-deny';
import { revealWithdraw } from './privacy/reveal-withdraw';
import { listBack } from './list/list-back';
import { listClearSelection } from './list/list-clear-selection';
import { listExportCsv } from './list/list-export-csv';
import { listExtendNext } from './list/list-extend-next';
import { listExtendPrev } from './list/list-extend-prev';
import { listFirst } from './list/list-first';
import { listLast } from './list/list-last';
import { listNext } from './list/list-next';
import { listOpen } from './list/list-open';
import { listOpenInNewTab } from './list/list-open-in-new-tab';
import { listPageDown } from './list/list-page-down';
import { listPageUp } from './list/list-page-up';
import { listPrev } from './list/list-prev';
import { listSelectAll } from './list/list-select-all';
import { listToggleSelect } from './list/list-toggle-select';
import { navBack } from './navigation/nav-back';
import { navForward } from './navigation/nav-forward';
import { navGo } from './navigation/nav-go';
import { routeCommands } from './navigation/nav-routes';
import { helpShortcuts } from './palette/help-shortcuts';
import { paletteOpen } from './palette/palette-open';
import { paletteToggle } from './palette/palette-toggle';
import { searchFocus } from './palette/search-focus';
import { timelineCursorNext } from './timeline/timeline-cursor-next';
import { timelineCursorPrev } from './timeline/timeline-cursor-prev';
import { timelineExpand } from './timeline/timeline-expand';
import { timelineZoomIn } from './timeline/timeline-zoom-in';
import { timelineZoomOut } from './timeline/timeline-zoom-out';
import { subjectTimelineFilter } from './timeline/subject-timeline-filter';
import { subjectTimelineJump } from './timeline/subject-timeline-jump';
import { createContextual } from './workspace/create-contextual';
import { formSubmit } from './workspace/form-submit';
import { linkCopy } from './workspace/link-copy';
import { overlayClose } from './workspace/overlay-close';
import { paneFocusLeft } from './workspace/pane-focus-left';
import { paneFocusOther } from './workspace/pane-focus-other';
import { paneFocusRight } from './workspace/pane-focus-right';
import { paneToggleSplit } from './workspace/pane-toggle-split';
import { tabClose } from './workspace/tab-close';
import { tabGoto } from './workspace/tab-goto';
import { tabMoveLeft } from './workspace/tab-move-left';
import { tabMoveRight } from './workspace/tab-move-right';
import { tabNew } from './workspace/tab-new';
import { tabNext } from './workspace/tab-next';
import { tabPrev } from './workspace/tab-prev';

/** Every command, in palette order (commands of one category keep this order there). */
export const clientCommands: readonly ClientCommand[] = [
  paletteToggle,
  paletteOpen,
  helpShortcuts,
  searchFocus,
  navGo,
  navBack,
  navForward,
  ...routeCommands,
  investigationOpen,
  investigationCreate,
  investigationCreateFromTemplate,
  checklistTick,
  investigationSetStatus,
  investigationClose,
  investigationReopen,
  legalHoldPlace,
  legalHoldLift,
  noteWrite,
  noteAmend,
  identityReveal,
  investigationSetAssignee,
  investigationSetRisk,
  investigationExport,
  employeeOpen,
  employeeShowRisky,
  incidentOpen,
  incidentSetStatus,
  evidencePin,
  evidenceVerify,
  evidenceUnpin,
  alertDismiss,
  alertAssign,
  alertReview,
  alertReopen,
  alertEscalate,
  huntOpen,
  huntFields,
  huntPinEvent,
  huntSearchValue,
  huntAddValue,
  huntExcludeValue,
  huntPerson,
  createContextual,
  linkCopy,
  themeSet,
  themeToggle,
  authSignOut,
  tabNew,
  tabClose,
  tabNext,
  tabPrev,
  tabGoto,
  tabMoveLeft,
  tabMoveRight,
  paneToggleSplit,
  paneFocusLeft,
  paneFocusRight,
  paneFocusOther,
  listNext,
  listPrev,
  listFirst,
  listLast,
  listPageDown,
  listPageUp,
  listExtendNext,
  listExtendPrev,
  listToggleSelect,
  listSelectAll,
  listClearSelection,
  listOpen,
  listOpenInNewTab,
  listExportCsv,
  listBack,
  overlayClose,
  formSubmit,
  timelineCursorPrev,
  timelineCursorNext,
  timelineZoomIn,
  timelineZoomOut,
  timelineExpand,
  subjectTimelineFilter,
  subjectTimelineJump,
  adminCreateUser,
  adminDisableUser,
  adminAssignRole,
  integrationConnect,
  collectionTest,
  collectionPoll,
  collectionPause,
  collectionResume,
  quarantineOpen,
  quarantineRetry,
  quarantineDownload,
  quarantineDiscard,
  adminCreateRole,
  detectionRuleAdd,
  detectionRuleTest,
  detectionRuleToggleEnabled,
  detectionRuleDelete,
  watchlistCreate,
  notificationChannelCreate,
  notificationRuleCreate,
  notificationChannelTest,
  notificationDeliveryRetry,
  notificationItemToggle,
  notificationItemDelete,
  notificationItemEdit,
  templateCreate,
  templateEdit,
  templateDelete,
  auditFilter,
  auditExportCsv,
  revealApprove,
  revealDeny,
  revealWithdraw,
  settingsKeymap,
  accountChangePassword,
  apiTokenCreate,
  apiTokenRevoke,
];

/**
 * Commands by id. Each id must be in the shared list that keymaps are checked against, and an id
 * implemented twice is an error, as in VS Code.
 */
export const commandsById: ReadonlyMap<string, ClientCommand> = (() => {
  const map = new Map<string, ClientCommand>();
  for (const command of clientCommands) {
    if (!commandIds.has(command.id))
      throw new Error(`Command ${command.id} is not in src/shared/commands/command-ids.ts.`);
    if (map.has(command.id)) throw new Error(`Command ${command.id} is implemented twice.`);
    map.set(command.id, command);
  }
  return map;
})();
