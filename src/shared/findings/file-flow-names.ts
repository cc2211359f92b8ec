/**
 * The names the file flow diagram gives actions and destinations, shared so that a flow the
 * investigator clicks can be turned back into the activity and destination it stands for.
 */

/** An activity that moves a file, as the diagram names it. */
export const ACTION_NAMES: Readonly<Record<string, string>> = {
  file_download: 'Download',
  file_upload: 'Upload',
  file_copy: 'Copy',
  file_move: 'Move',
  file_share: 'Share',
  file_share_external: 'Share externally',
  file_sync: 'Sync',
  file_print: 'Print',
  usb_write: 'Write to USB',
  email_send: 'Email',
  chat_file_share: 'Chat share',
};

/** A destination an event names, as the diagram names it. */
export const DESTINATION_NAMES: Readonly<Record<string, string>> = {
  usb: 'USB / removable media',
  personal_email: 'Personal email',
  external_email: 'External email',
  external_share: 'External share',
  public_link: 'Public link',
  cloud: 'Personal cloud',
};
