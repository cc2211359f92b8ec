import type { LocalAppsReply } from '../../../shared/schemas/findings/local-apps';
import type { riskyAppCategories } from '../../../shared/schemas/findings/local-apps';
import { dailyGroups } from '../../db/queries/findings/daily-groups';
import { defineDetector } from './define-detector';
import type { FindingContext } from './finding-context';
import { baseName } from '../../presenters/event';
import { localAppsParts } from './local-apps.report';

type Category = (typeof riskyAppCategories)[number];

/** Executable names of software that moves data out or hides activity. */
const CATALOGUE: ReadonlyArray<[Category, RegExp]> = [
  [
    'cloud sync',
    /^(rclone|dropbox|googledrivesync|googledrivefs|box|megasync|megacmd|pcloud|insync|syncthing|icloud\w*)\.exe$/i,
  ],
  [
    'anonymizer',
    /^(tor|firefox-tor|torbrowser|psiphon\d*|protonvpn|nordvpn|expressvpn|openvpn|wireguard|hotspotshield)\.exe$/i,
  ],
  ['archiver', /^(7z|7zg|7zfm|winrar|rar|winzip\d*|peazip|bandizip)\.exe$/i],
  [
    'remote access',
    /^(anydesk|teamviewer\w*|rustdesk|screenconnect\w*|vncviewer|tvnserver|splashtop\w*|ammyy\w*)\.exe$/i,
  ],
  ['file transfer', /^(filezilla|winscp|pscp|putty|curl|wget|bitsadmin|robocopy)\.exe$/i],
];

/** The risky category of an executable, or null. */
export function riskyCategory(executable: string): Category | null {
  const name = baseName(executable);
  return CATALOGUE.find(([, pattern]) => pattern.test(name))?.[0] ?? null;
}

/** GET findings/local-apps: programs run and installed on the subject's computers. */
async function detectLocalApps(ctx: FindingContext): Promise<LocalAppsReply> {
  const groups = await dailyGroups(ctx.db, ctx.build, ctx.window, ['item', 'activity'], {
    activities: ['process_start', 'app_install'],
  });
  const apps = new Map<string, LocalAppsReply['apps'][number]>();
  for (const g of groups) {
    const path = g.item ?? '';
    if (!path) continue;
    const category = riskyCategory(path);
    const app = apps.get(path) ?? {
      name: baseName(path),
      path,
      runs: 0,
      installs: 0,
      distinctDays: 0,
      firstSeen: g.firstTime,
      lastSeen: g.lastTime,
      category,
      risky: category !== null,
    };
    if (g.activity === 'app_install') app.installs += g.n;
    else app.runs += g.n;
    app.distinctDays = Math.max(app.distinctDays, g.days);
    app.firstSeen = Math.min(app.firstSeen, g.firstTime);
    app.lastSeen = Math.max(app.lastSeen, g.lastTime);
    apps.set(path, app);
  }
  return {
    window: ctx.window,
    apps: [...apps.values()].sort((a, b) => Number(b.risky) - Number(a.risky) || b.runs - a.runs),
  };
}

/** Local apps: the risky programs that ran. */
export const localAppsDetector = defineDetector('localApps', detectLocalApps, {
  ...localAppsParts,
  anomalies: ({ localApps }) => localApps.apps.filter((a) => a.risky).length,
});
