/**
 * The events column each hunting field reads (list fields: a JSON array of text). The rule
 * language names the same normalized columns, so a hunt compiled to SQL and a hunt saved as a
 * rule read one map.
 */
export const HUNT_FIELD_COLUMNS: Readonly<Record<string, string>> = {
  source: 'source',
  category: 'category',
  activity: 'activity',
  action: 'action',
  outcome: 'outcome',
  app: 'app',
  ip: 'ip',
  location: 'location',
  'file.name': 'file_name',
  'file.path': 'file_path',
  'file.label': 'file_label',
  'file.destination': 'file_destination',
  'file.size': 'file_size',
  'email.recipient': 'email_recipients',
  'email.domain': 'email_domains',
  'email.subject': 'email_subject',
  'chat.channel': 'chat_channel',
  repository: 'repository',
  'device.name': 'device_name',
  'process.name': 'process_name',
  'process.command': 'command_line',
  target: 'target',
};
