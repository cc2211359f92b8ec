/**
 * Whether a file written on a Windows machine went to removable media. Sysmon reports paths,
 * not device types, so Vigil decides from the path:
 * 1. A drive letter listed in `removableDrives` (default `E: F: G: H:`) is removable.
 * 2. `C:` never is.
 * 3. `D:` is removable unless the machine shows the usual fixed-disk layout on it: once any
 *    event from that computer has a path under `D:\Windows`, `D:\Program Files`,
 *    `D:\ProgramData` or `D:\Users`, its D: counts as a fixed disk from then on. (List `D:` in
 *    `removableDrives` to always treat it as removable.)
 * 4. Raw device paths: `\Device\Harddisk<N>\...` with N >= 1 (disk 0 holds the system),
 *    `\Device\CdRom<N>` and `\Device\Floppy<N>` are removable; `\Device\HarddiskVolume<N>` and
 *    network paths (`\\server\share`) are not, because nothing in the path tells.
 */
export class RemovableMediaRule {
  private readonly removableDrives: ReadonlySet<string>;
  private readonly fixedD = new Set<string>();

  constructor(removableDrives: readonly string[]) {
    this.removableDrives = new Set(removableDrives.map((drive) => drive.toUpperCase()));
  }

  /** Learns from any path seen on a computer (a process image, a file) and judges this one. */
  isRemovable(path: string, computer: string | null): boolean {
    const host = (computer ?? '').toLowerCase();
    if (/^d:\\(windows|program files|programdata|users)(\\|$)/i.test(path)) this.fixedD.add(host);
    const device = /^\\(?:\\\?\\|\?\?\\)?Device\\(Harddisk(\d+)\\|CdRom\d+|Floppy\d+)/i.exec(path);
    if (device) return device[2] === undefined || Number(device[2]) >= 1;
    const drive = /^([a-z]:)\\/i.exec(path)?.[1]?.toUpperCase();
    if (drive === undefined || drive === 'C:') return false;
    if (this.removableDrives.has(drive)) return true;
    return drive === 'D:' && !this.fixedD.has(host);
  }

  /** Notes a path that only tells about the layout (a process image on D:). */
  observe(path: string | null, computer: string | null): void {
    if (path !== null) this.isRemovable(path, computer);
  }
}
