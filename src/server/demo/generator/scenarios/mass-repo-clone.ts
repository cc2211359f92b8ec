import { windowsDevice } from '../org-devices';
import { githubEvent } from '../sources/github';
import { images } from '../sources/windows-catalog';
import { explorerOf, sysmonProcess } from '../sources/windows-records';
import { Injection, ipAt, pickWeekday, spread } from './injection';
import type { ScenarioContext, ScenarioDefinition, ScenarioPlan } from './types';

function plan(ctx: ScenarioContext): ScenarioPlan {
  const { prng, subject: e, org } = ctx;
  const inj = new Injection(ctx.index);
  const day = pickWeekday(ctx, 0.5, 0.85);
  const fromHour = prng.range(13, 16);
  const hours = prng.range(2, 4);
  const ip = ipAt(e, fromHour);

  // Mostly repositories the person has never worked in, plus their own to look normal.
  const foreign = org.repos.filter((r) => !e.repos.includes(r.fullName));
  const count = Math.min(org.repos.length, prng.int(30, 60));
  const strangers = prng.sample(foreign, Math.min(foreign.length, Math.round(count * 0.8)));
  const repos = [
    ...strangers.map((r) => r.fullName),
    ...prng.sample(e.repos, count - strangers.length),
  ];
  const order = prng.sample(repos, repos.length);
  const device = windowsDevice(e.devices);
  const times = spread(e, day, fromHour, fromHour + hours, order.length, prng);
  order.forEach((repo, i) => {
    const t = times[i] ?? 0;
    inj.add(
      'github',
      t,
      githubEvent(org.company, e, 'git.clone', repo, t, ip, prng, { protocol: 'ssh' }),
    );
    if (device) {
      const cmd = `git clone git@github.com:${repo}.git`;
      const t0 = t - prng.int(300, 1500);
      inj.add(
        'windows',
        t0,
        sysmonProcess(device, e, t0, images.git, cmd, explorerOf(device), prng).record,
      );
    }
  });
  const zips = prng.sample(strangers, prng.int(3, 8));
  spread(e, day, fromHour + hours - 0.5, fromHour + hours + 0.5, zips.length, prng).forEach(
    (t, i) => {
      const repo = zips[i]?.fullName ?? '';
      inj.add('github', t, githubEvent(org.company, e, 'repo.download_zip', repo, t, ip, prng));
    },
  );
  return inj.finish(ctx, 'mass-repo-clone', {
    techniques: ['T1213.003'],
    summary: `Cloned ${order.length} repositories (${strangers.length} never touched before) and downloaded ${zips.length} as zip within ${hours.toFixed(1)} hours.`,
    details: {
      cloned: order.length,
      neverTouched: strangers.length,
      zipDownloads: zips.length,
      repositories: order,
    },
  });
}

/** An engineer clones dozens of repositories, many never touched before, within hours. */
export const massRepoClone: ScenarioDefinition = {
  id: 'mass-repo-clone',
  description:
    'An engineer clones dozens of repositories, most never touched before, and downloads several as zip within hours.',
  eligible: (e) => e.githubLogin !== null && e.department === 'Engineering',
  plan,
};
