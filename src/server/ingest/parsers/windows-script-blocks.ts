import { fail } from '../errors';
import { integer, text } from './fields';
import type { WindowsEvent } from './windows-record';

/** One 4104 record: a part of a script block. */
export interface ScriptBlockPart {
  scriptBlockId: string;
  number: number;
  total: number;
  text: string;
  path: string | null;
  time: number;
  position: number;
  /** Who ran it and where, from the part's System fields. */
  account: string | null;
  computer: string | null;
  raw: unknown;
}

/** A script block with the parts that arrived, in order. */
export interface ScriptBlock {
  scriptBlockId: string;
  total: number;
  parts: ScriptBlockPart[];
  /** Part numbers that never arrived (empty when complete). */
  missing: number[];
}

/** NXLog cannot always render 4104's fields; the rendered message still holds them. */
const MESSAGE =
  /^Creating Scriptblock text \((\d+) of (\d+)\):\r?\n([\s\S]*?)(?:\r?\n\r?\nScriptBlock ID: ([0-9a-fA-F-]{36})(?:\r?\nPath: ?(.*))?)?\s*$/;

/** Reads the part fields of a 4104 record, from EventData or from the rendered `Message`. */
export function readScriptBlockPart(
  event: WindowsEvent,
  time: number,
  position: number,
  account: string | null,
): ScriptBlockPart {
  let id = text(event.data('ScriptBlockId'));
  let number = integer(event.data('MessageNumber'));
  let total = integer(event.data('MessageTotal'));
  let body =
    typeof event.data('ScriptBlockText') === 'string'
      ? (event.data('ScriptBlockText') as string)
      : null;
  let path = text(event.data('Path'));
  const message = text(event.data('Message'));
  if ((id === null || body === null) && message !== null) {
    const match = MESSAGE.exec(message);
    if (match) {
      number ??= Number(match[1]);
      total ??= Number(match[2]);
      body ??= match[3]!;
      id ??= match[4] ?? null;
      path ??= text(match[5]);
    }
  }
  if (id === null || body === null) {
    fail(
      position,
      'no script block: PowerShell 4104 events need `ScriptBlockText` and `ScriptBlockId`',
    );
  }
  number ??= 1;
  total ??= 1;
  if (number < 1 || total < 1 || number > total) {
    fail(position, `bad script block part: MessageNumber ${number} of MessageTotal ${total}`);
  }
  return {
    scriptBlockId: id,
    number,
    total,
    text: body,
    path,
    time,
    position,
    account,
    computer: event.computer,
    raw: event.record,
  };
}

/** Blocks kept open at once; past this the oldest is emitted with what arrived. */
const MAX_OPEN_BLOCKS = 2000;

/**
 * Joins the parts of long script blocks, which PowerShell logs as several 4104 records sharing
 * a ScriptBlockId, possibly out of order and interleaved with other blocks. A block is complete
 * when all of its MessageTotal parts arrived; end() hands back the incomplete ones.
 */
export class ScriptBlockAssembler {
  private readonly open = new Map<string, { total: number; parts: Map<number, ScriptBlockPart> }>();

  /** Adds a part; returns the blocks it completes (or evicts when too many are open). */
  add(part: ScriptBlockPart): ScriptBlock[] {
    const key = part.scriptBlockId.toLowerCase();
    const block = this.open.get(key) ?? {
      total: part.total,
      parts: new Map<number, ScriptBlockPart>(),
    };
    block.total = Math.max(block.total, part.total);
    if (!block.parts.has(part.number)) block.parts.set(part.number, part);
    this.open.set(key, block);
    const done: ScriptBlock[] = [];
    if (block.parts.size >= block.total) {
      this.open.delete(key);
      done.push(toBlock(part.scriptBlockId, block.total, block.parts));
    }
    if (this.open.size > MAX_OPEN_BLOCKS) {
      const [oldestKey, oldest] = this.open.entries().next().value!;
      this.open.delete(oldestKey);
      done.push(toBlock(oldestKey, oldest.total, oldest.parts));
    }
    return done;
  }

  /** Every block still waiting for parts. */
  flush(): ScriptBlock[] {
    const blocks = [...this.open.entries()].map(([key, block]) => {
      const first = block.parts.values().next().value;
      return toBlock(first?.scriptBlockId ?? key, block.total, block.parts);
    });
    this.open.clear();
    return blocks;
  }
}

function toBlock(
  scriptBlockId: string,
  total: number,
  parts: Map<number, ScriptBlockPart>,
): ScriptBlock {
  const ordered = [...parts.values()].sort((a, b) => a.number - b.number);
  const missing: number[] = [];
  for (let number = 1; number <= total && missing.length < 1000; number += 1) {
    if (!parts.has(number)) missing.push(number);
  }
  return { scriptBlockId, total, parts: ordered, missing };
}
