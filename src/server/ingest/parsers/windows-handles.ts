import { text } from './fields';

/** Handles remembered at once; past this the oldest are forgotten. */
const MAX_HANDLES = 20_000;

interface Handle {
  path: string | null;
  /** A 4663 with DELETE access on this handle already became a deletion event. */
  deleteCounted: boolean;
}

/**
 * The Security log reports a deletion twice: 4663 (access with DELETE, naming the file) and
 * 4660 (object deleted, naming only the handle). Handles seen in 4663 are remembered per
 * computer and process, so a 4660 either is the deletion its 4663 already counted, or gets the
 * file's name from the 4663 that opened the handle.
 */
export class WindowsHandles {
  private readonly handles = new Map<string, Handle>();

  /** Notes a 4663 on a handle. */
  opened(key: string, path: string | null, deleteCounted: boolean): void {
    const known = this.handles.get(key);
    this.handles.delete(key);
    this.handles.set(key, {
      path: path ?? known?.path ?? null,
      deleteCounted: deleteCounted || (known?.deleteCounted ?? false),
    });
    if (this.handles.size > MAX_HANDLES) {
      this.handles.delete(this.handles.keys().next().value!);
    }
  }

  /** What a 4663 said about a handle, if one did. */
  lookup(key: string): Handle | undefined {
    return this.handles.get(key);
  }
}

/** The key of a handle: computer, process and handle id. */
export function handleKey(computer: string | null, processId: unknown, handleId: unknown): string {
  return `${(computer ?? '').toLowerCase()}|${text(processId) ?? ''}|${text(handleId) ?? ''}`;
}
