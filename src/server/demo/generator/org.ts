import { addDays, DAY_MS, dayNumber, formatDate, fromDayNumber, parseDate } from './calendar';
import { commonApps, departmentProfile, departments, type Department } from './catalog/departments';
import { firstNames, lastNames } from './catalog/names';
import { locations } from './catalog/locations';
import { buildCompany } from './company';
import type { ResolvedOptions } from './options';
import { buildDevices } from './org-devices';
import { buildPersonalFiles, buildSharedFiles } from './org-files';
import { buildRepos, reposForEngineer, teams } from './org-repos';
import type { Employee, FileItem, Organization } from './org-types';
import { prngFor, type Prng } from './prng';

/** First and last local day of generated activity. */
export interface ActivityWindow {
  readonly firstDay: string;
  readonly lastDay: string;
}

/** The days the options ask for. */
export function activityWindow(options: ResolvedOptions): ActivityWindow {
  const end = parseDate(options.endDate);
  return { firstDay: formatDate(addDays(end, 1 - options.days)), lastDay: options.endDate };
}

/** Splits headcount across departments by weight (largest remainder), the CEO aside. */
function headcounts(total: number): Department[] {
  const staffed = departments.filter((d) => d.weight > 0);
  const weightSum = staffed.reduce((s, d) => s + d.weight, 0);
  const rest = total - 1;
  const shares = staffed.map((d) => ({ name: d.name, exact: (rest * d.weight) / weightSum }));
  const counts = shares.map((s) => ({ name: s.name, n: Math.floor(s.exact), frac: s.exact % 1 }));
  let left = rest - counts.reduce((s, c) => s + c.n, 0);
  for (const c of [...counts].sort((a, b) => b.frac - a.frac)) {
    if (left-- <= 0) break;
    c.n++;
  }
  const out: Department[] = ['Executive'];
  for (const c of counts) for (let i = 0; i < c.n; i++) out.push(c.name);
  return out;
}

function asciiName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

function uniqueLocalPart(first: string, last: string, taken: Set<string>): string {
  const base = `${asciiName(first).charAt(0)}${asciiName(last)}`.slice(0, 17);
  let local = base;
  for (let n = 2; taken.has(local); n++) local = `${base}${n}`;
  taken.add(local);
  return local;
}

/** Start dates lean recent, as in a growing company; a few people join during the window. */
function drawStartDate(prng: Prng, firstDay: number, days: number, canBeNew: boolean): string {
  if (canBeNew && prng.chance(0.02)) {
    return formatDate(fromDayNumber(firstDay + prng.int(0, Math.floor(days * 0.6))));
  }
  const earliest = dayNumber(parseDate('2014-01-06'));
  const latest = firstDay - 45;
  const u = prng.next() ** 0.6;
  return formatDate(fromDayNumber(Math.round(latest - u * (latest - earliest))));
}

interface Draft {
  department: Department;
  level: Employee['level'];
  managerIndex: number | null;
  team: string;
}

/** Arranges people into a tree: CEO, department heads, managers of about eight, individual contributors. */
function orgChart(depts: readonly Department[]): Draft[] {
  const drafts: Draft[] = depts.map((department) => ({
    department,
    level: 'ic',
    managerIndex: null,
    team: '',
  }));
  const root = drafts[0];
  if (root) root.level = 'exec';
  const byDept = new Map<Department, number[]>();
  depts.forEach((d, i) => {
    if (i === 0) return;
    byDept.set(d, [...(byDept.get(d) ?? []), i]);
  });
  for (const members of byDept.values()) {
    const [head, ...rest] = members;
    if (head === undefined) continue;
    const headDraft = drafts[head] as Draft;
    headDraft.level = 'head';
    headDraft.managerIndex = 0;
    const managerCount = rest.length > 8 ? Math.ceil(rest.length / 9) : 0;
    const managers = rest.slice(0, managerCount);
    managers.forEach((m, k) => {
      const d = drafts[m] as Draft;
      d.level = 'manager';
      d.managerIndex = head;
      d.team = teams[k % teams.length] ?? 'platform';
    });
    rest.slice(managerCount).forEach((ic, k) => {
      const d = drafts[ic] as Draft;
      const manager = managers.length > 0 ? (managers[k % managers.length] as number) : head;
      d.managerIndex = manager;
      d.team = (drafts[manager] as Draft).team || (teams[k % teams.length] ?? 'platform');
    });
  }
  return drafts;
}

/** Builds the whole synthetic company for the options; the same options give the same company. */
export function buildOrganization(options: ResolvedOptions): Organization {
  const company = buildCompany(options.companyDomain, options.seed);
  const prng = prngFor(options.seed, 'org');
  const window = activityWindow(options);
  const firstDay = dayNumber(parseDate(window.firstDay));
  const lastDay = dayNumber(parseDate(window.lastDay));
  const year = parseDate(window.lastDay).y;
  const drafts = orgChart(headcounts(options.employees));
  const taken = new Set<string>();
  const repos = buildRepos(
    prng,
    company.githubOrg,
    drafts.filter((d) => d.department === 'Engineering').length,
  );

  const people = drafts.map((draft, index) => {
    const firstName = prng.pick(firstNames);
    const lastName = prng.pick(lastNames);
    const localPart = uniqueLocalPart(firstName, lastName, taken);
    const location = prng.weighted(locations);
    const profile = departmentProfile(draft.department);
    const startHour =
      location.workStartHour +
      prng.weighted([
        [-1, 2],
        [0, 6],
        [1, 2],
      ] as const);
    const start =
      draft.level === 'exec'
        ? '2013-03-04'
        : drawStartDate(prng, firstDay, options.days, draft.level === 'ic');
    return { draft, index, firstName, lastName, localPart, location, profile, startHour, start };
  });

  const membersByDept = new Map<Department, string[]>();
  for (const p of people) {
    const email = `${p.localPart}@${company.domain}`;
    membersByDept.set(p.draft.department, [
      ...(membersByDept.get(p.draft.department) ?? []),
      email,
    ]);
  }
  const sharedFiles = buildSharedFiles(prng, company, membersByDept, year);
  const filesByDept = new Map<FileItem['department'], FileItem[]>();
  for (const f of sharedFiles)
    filesByDept.set(f.department, [...(filesByDept.get(f.department) ?? []), f]);

  const employees: Employee[] = people.map((p) => {
    const { draft, index, profile, location } = p;
    const id = `E${10001 + index}`;
    const email = `${p.localPart}@${company.domain}`;
    const engineer = draft.department === 'Engineering';
    const it = draft.department === 'IT';
    const startMs = Date.parse(`${p.start}T00:00:00Z`);
    const devices = buildDevices(
      prng,
      company,
      10001 + index,
      p.firstName,
      profile.macShare,
      startMs,
      firstDay * DAY_MS,
    );
    const ownFiles = prng.sample(filesByDept.get(draft.department) ?? [], prng.int(15, 30));
    const intranet = prng.sample(filesByDept.get('All') ?? [], prng.int(3, 6));
    const personal = buildPersonalFiles(prng, company, email, year);
    const employeeRepos = engineer
      ? reposForEngineer(prng, repos, draft.team)
      : it
        ? prng
            .sample(
              repos.filter((r) => r.team === 'infra'),
              3,
            )
            .map((r) => r.fullName)
        : [];
    const title =
      draft.level === 'exec' || draft.level === 'head'
        ? profile.headTitle
        : draft.level === 'manager'
          ? profile.managerTitle
          : prng.pick(profile.titles);
    const senior = draft.level !== 'ic';
    return {
      id,
      index,
      firstName: p.firstName,
      lastName: p.lastName,
      fullName: `${p.firstName} ${p.lastName}`,
      email,
      localPart: p.localPart,
      department: draft.department,
      title,
      level: draft.level,
      managerId: draft.managerIndex === null ? null : `E${10001 + draft.managerIndex}`,
      location,
      timezone: location.timezone,
      workStartHour: p.startHour,
      workEndHour: p.startHour + (prng.chance(0.7) ? 8 : 9),
      startDate: p.start,
      resignationDate: null,
      departureDate: null,
      devices,
      apps: [...commonApps, ...profile.apps.filter((a) => !commonApps.includes(a))],
      repos: employeeRepos,
      files: [...ownFiles, ...intranet, ...personal],
      oktaId: `00u${prng.alnum(17)}`,
      slackId: `W0${prng.upperAlnum(8)}`,
      googleProfileId: `1${prng.chars(20, '0123456789')}`,
      puid: `10032000${prng.hex(8).toUpperCase()}`,
      githubLogin: engineer || it ? `${p.localPart}_${company.slug}` : null,
      githubId: prng.int(1_000_000, 190_000_000),
      windowsAccount: `${company.netbios}\\${p.localPart}`,
      sid: `${company.domainSid}-${1104 + index}`,
      homeIp: `${location.homePrefix}.${prng.int(0, 255)}.${prng.int(1, 254)}`,
      remoteShare: location.id === 'den' ? 1 : prng.range(0.15, 0.6),
      eveningShare: (engineer || senior ? 0.12 : 0.06) * prng.range(0.5, 1.5),
      weekendShare: (senior || it ? 0.2 : 0.08) * prng.range(0.5, 1.5),
    };
  });

  // Natural attrition gives detectors departures that are not insider cases.
  for (const e of employees) {
    if (e.level !== 'ic' || !prng.chance(0.02)) continue;
    const from = Math.max(
      firstDay + Math.floor(options.days * 0.2),
      dayNumber(parseDate(e.startDate)) + 30,
    );
    if (from >= lastDay - 3) continue;
    const resign = prng.int(from, lastDay - 3);
    e.resignationDate = formatDate(fromDayNumber(resign));
    e.departureDate = formatDate(fromDayNumber(resign + prng.int(14, 28)));
  }

  return {
    company,
    employees,
    byId: new Map(employees.map((e) => [e.id, e])),
    repos,
    files: [
      ...sharedFiles,
      ...employees.flatMap((e) => e.files.filter((f) => f.store === 'onedrive')),
    ],
  };
}
