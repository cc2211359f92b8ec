import type { JsonObject } from './fields';
import { at, firstText, list, lookup } from './fields';

/**
 * Where Elastic's Windows pipelines (Winlogbeat with ingest pipelines, Elastic Agent) move
 * EventData fields: Sysmon's and the Security log's into ECS (`process.command_line`,
 * `file.path`...), PowerShell 4104's into `powershell.file.*`. Asked only when the field is not
 * under `winlog.event_data` itself.
 */
const ALIASES: Readonly<Record<string, readonly (readonly string[])[]>> = {
  image: [['process', 'executable']],
  commandline: [['process', 'command_line']],
  parentimage: [['process', 'parent', 'executable']],
  parentcommandline: [['process', 'parent', 'command_line']],
  processguid: [['process', 'entity_id']],
  newprocessname: [['process', 'executable']],
  parentprocessname: [['process', 'parent', 'executable']],
  originalfilename: [['process', 'pe', 'original_file_name']],
  targetfilename: [['file', 'path']],
  objectname: [['file', 'path']],
  queryname: [['dns', 'question', 'name']],
  destinationip: [['destination', 'ip']],
  destinationport: [['destination', 'port']],
  destinationhostname: [['destination', 'domain']],
  sourceip: [['source', 'ip']],
  sourceport: [['source', 'port']],
  ipaddress: [['source', 'ip']],
  workstationname: [['source', 'domain']],
  protocol: [['network', 'transport']],
  targetobject: [['registry', 'path']],
  scriptblocktext: [['powershell', 'file', 'script_block_text']],
  scriptblockid: [['powershell', 'file', 'script_block_id']],
  messagenumber: [['powershell', 'sequence']],
  messagetotal: [['powershell', 'total']],
  path: [['file', 'path']],
};

/** An EventData field from the ECS fields Elastic moved it to, or undefined. */
export function ecsAlias(root: JsonObject, name: string): unknown {
  const lower = name.toLowerCase();
  if (lower === 'user') return ecsUser(root);
  if (lower === 'details') return list(at(root, 'registry', 'data', 'strings'))[0];
  for (const path of lookup(ALIASES, lower) ?? []) {
    const value = at(root, ...path);
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

/** Sysmon's `User` (`DOMAIN\name`) from ECS `user.domain` and `user.name`. */
function ecsUser(root: JsonObject): string | undefined {
  const name = firstText(at(root, 'user', 'name'));
  if (name === null) return undefined;
  const domain = firstText(at(root, 'user', 'domain'));
  return domain === null ? name : `${domain}\\${name}`;
}
