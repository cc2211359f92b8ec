import { departments, type Department, type DepartmentProfile } from './catalog/departments';
import { customerNames, productNames } from './catalog/outside-world';
import { sensitivityLabels, type SensitivityLabel } from './catalog/labels';
import type { Company } from './company';
import type { FileItem } from './org-types';
import type { Prng } from './prng';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const FOLDERS: Record<string, readonly string[]> = {
  xlsx: ['Reports', 'Planning', 'Data'],
  csv: ['Exports', 'Data'],
  docx: ['Documents', 'Policies', 'Drafts'],
  pptx: ['Presentations', 'Decks'],
  pdf: ['Published', 'Reference'],
};

const DRIVE_TYPES: Record<string, readonly [native: string, uploaded: string]> = {
  xlsx: ['spreadsheet', 'msexcel'],
  csv: ['spreadsheet', 'unknown'],
  docx: ['document', 'msword'],
  pptx: ['presentation', 'mspowerpoint'],
  pdf: ['pdf', 'pdf'],
};

const SIZES: Record<string, readonly [number, number]> = {
  xlsx: [18_000, 4_500_000],
  csv: [4_000, 9_000_000],
  docx: [14_000, 900_000],
  pptx: [250_000, 24_000_000],
  pdf: [60_000, 6_000_000],
};

/** Most files keep their template's label; some drift one step and some were never labelled. */
function drawLabel(prng: Prng, usual: SensitivityLabel): SensitivityLabel | null {
  const r = prng.next();
  if (r < 0.12) return null;
  if (r < 0.2) {
    const i = sensitivityLabels.indexOf(usual);
    const j = Math.max(0, Math.min(sensitivityLabels.length - 1, i + (prng.chance(0.5) ? 1 : -1)));
    return sensitivityLabels[j] ?? usual;
  }
  return usual;
}

function fillTemplate(prng: Prng, template: string, year: number): string {
  return template
    .replace('{YEAR}', String(year - prng.int(0, 1)))
    .replace('{Q}', String(prng.int(1, 4)))
    .replace('{H}', String(prng.int(1, 2)))
    .replace('{MONTH}', prng.pick(MONTHS))
    .replace('{N}', String(prng.int(1, 240)))
    .replace('{CUSTOMER}', prng.pick(customerNames))
    .replace('{PRODUCT}', prng.pick(productNames));
}

function sharePointSite(company: Company, site: string): string {
  return `${company.sharepointHost}/sites/${site.replace(/\s+/g, '')}/`;
}

/** Builds one file; Drive files are sometimes native Google documents without an extension. */
export function makeFile(
  prng: Prng,
  company: Company,
  spec: {
    name: string;
    store: FileItem['store'];
    department: FileItem['department'];
    label: SensitivityLabel | null;
    ownerEmail: string;
    site: string;
  },
): FileItem {
  const dot = spec.name.lastIndexOf('.');
  const extension = spec.name.slice(dot + 1);
  const [minSize, maxSize] = SIZES[extension] ?? [10_000, 1_000_000];
  const size = Math.round(Math.exp(prng.range(Math.log(minSize), Math.log(maxSize))));
  const folder = prng.pick(FOLDERS[extension] ?? ['Documents']);
  if (spec.store === 'drive') {
    const [native, uploaded] = DRIVE_TYPES[extension] ?? ['unknown', 'unknown'];
    const isNative = extension !== 'pdf' && prng.chance(0.5);
    return {
      id: `1${prng.alnum(32)}`,
      name: isNative ? spec.name.slice(0, dot) : spec.name,
      extension: isNative ? '' : extension,
      store: 'drive',
      department: spec.department,
      label: spec.label,
      size,
      folder: `${spec.site}/${folder}`,
      siteUrl: null,
      ownerEmail: spec.ownerEmail,
      docType: isNative ? native : uploaded,
    };
  }
  const siteUrl =
    spec.store === 'onedrive'
      ? `${company.oneDriveHost}/personal/${spec.ownerEmail.replace(/[@.]/g, '_')}/`
      : sharePointSite(company, spec.site);
  return {
    id: prng.uuid(),
    name: spec.name,
    extension,
    store: spec.store,
    department: spec.department,
    label: spec.label,
    size,
    folder: spec.store === 'onedrive' ? `Documents/${folder}` : `Shared Documents/${folder}`,
    siteUrl,
    ownerEmail: spec.ownerEmail,
    docType: DRIVE_TYPES[extension]?.[1] ?? 'unknown',
  };
}

/** A department's shared documents, sized to its headcount. */
function departmentFiles(
  prng: Prng,
  company: Company,
  profile: DepartmentProfile,
  headcount: number,
  owners: readonly string[],
  year: number,
): FileItem[] {
  const count = Math.min(160, Math.max(24, headcount * 4));
  const seen = new Set<string>();
  const files: FileItem[] = [];
  for (let attempt = 0; files.length < count && attempt < count * 6; attempt++) {
    const [template, usual] = prng.pick(profile.files);
    const name = fillTemplate(prng, template, year);
    if (seen.has(name)) continue;
    seen.add(name);
    // Departments keep most documents in their own store but not all of them.
    const store = prng.chance(0.8)
      ? profile.fileStore
      : profile.fileStore === 'drive'
        ? 'sharepoint'
        : 'drive';
    files.push(
      makeFile(prng, company, {
        name,
        store,
        department: profile.name,
        label: drawLabel(prng, usual),
        ownerEmail: prng.pick(owners),
        site: profile.site,
      }),
    );
  }
  return files;
}

const companyWide: readonly (readonly [string, SensitivityLabel])[] = [
  ['Employee Handbook {YEAR}.pdf', 'Internal'],
  ['Holiday Calendar {YEAR}.pdf', 'Internal'],
  ['Company OKRs H{H} {YEAR}.pptx', 'Confidential'],
  ['All Hands {MONTH}.pptx', 'Internal'],
  ['Travel Policy.pdf', 'Internal'],
  ['Org Announcement {N}.docx', 'Internal'],
  ['Security Awareness Training.pdf', 'Public'],
  ['Office Floor Plan.pdf', 'Internal'],
];

/** Every shared document of the company, by department, plus company-wide intranet files. */
export function buildSharedFiles(
  prng: Prng,
  company: Company,
  headcounts: ReadonlyMap<Department, readonly string[]>,
  year: number,
): FileItem[] {
  const files: FileItem[] = [];
  for (const profile of departments) {
    const owners = headcounts.get(profile.name) ?? [];
    if (owners.length === 0) continue;
    files.push(...departmentFiles(prng, company, profile, owners.length, owners, year));
  }
  const allOwners = [...headcounts.values()].flat();
  for (let i = 0; i < 16; i++) {
    const [template, label] = prng.pick(companyWide);
    files.push(
      makeFile(prng, company, {
        name: fillTemplate(prng, template, year),
        store: 'sharepoint',
        department: 'All',
        label,
        ownerEmail: prng.pick(allOwners),
        site: 'Intranet',
      }),
    );
  }
  return files;
}

const personalTemplates: readonly (readonly [string, SensitivityLabel | null])[] = [
  ['Notes {MONTH}.docx', null],
  ['Expense Receipts {MONTH}.pdf', 'Internal'],
  ['1on1 Notes.docx', 'Confidential'],
  ['Working Draft {N}.xlsx', 'Internal'],
  ['Goals {YEAR}.docx', 'Internal'],
  ['Meeting Notes {N}.docx', null],
  ['Scratch {N}.xlsx', null],
];

/** A person's own OneDrive documents. */
export function buildPersonalFiles(
  prng: Prng,
  company: Company,
  ownerEmail: string,
  year: number,
): FileItem[] {
  const files: FileItem[] = [];
  const seen = new Set<string>();
  const count = prng.int(5, 12);
  for (let i = 0; i < count; i++) {
    const [template, label] = prng.pick(personalTemplates);
    const name = fillTemplate(prng, template, year);
    if (seen.has(name)) continue;
    seen.add(name);
    files.push(
      makeFile(prng, company, {
        name,
        store: 'onedrive',
        department: 'All',
        label,
        ownerEmail,
        site: '',
      }),
    );
  }
  return files;
}
