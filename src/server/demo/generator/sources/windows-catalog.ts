import type { Department } from '../catalog/departments';
import type { Employee } from '../org-types';
import type { Prng } from '../prng';
import type { ProcessImage } from './windows-records';

const MS = 'Microsoft Corporation';

function image(
  path: string,
  description: string,
  product: string,
  company: string,
  version: string,
): ProcessImage {
  const file = path.slice(path.lastIndexOf('\\') + 1);
  return {
    image: path,
    description,
    product,
    company,
    originalFileName: file,
    fileVersion: version,
  };
}

/** Images the scenarios reference directly. */
export const images = {
  powershell: image(
    'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe',
    'Windows PowerShell',
    'Microsoft® Windows® Operating System',
    MS,
    '10.0.22621.3527 (WinBuild.160101.0800)',
  ),
  cmd: image(
    'C:\\Windows\\System32\\cmd.exe',
    'Windows Command Processor',
    'Microsoft® Windows® Operating System',
    MS,
    '10.0.22621.3672 (WinBuild.160101.0800)',
  ),
  wevtutil: image(
    'C:\\Windows\\System32\\wevtutil.exe',
    'Eventing Command Line Utility',
    'Microsoft® Windows® Operating System',
    MS,
    '10.0.22621.2506 (WinBuild.160101.0800)',
  ),
  sevenZip: image(
    'C:\\Program Files\\7-Zip\\7z.exe',
    '7-Zip Console',
    '7-Zip',
    'Igor Pavlov',
    '24.08',
  ),
  robocopy: image(
    'C:\\Windows\\System32\\Robocopy.exe',
    'Microsoft Robocopy',
    'Microsoft® Windows® Operating System',
    MS,
    '10.0.22621.1 (WinBuild.160101.0800)',
  ),
  rclone: image(
    'C:\\Users\\Public\\rclone\\rclone.exe',
    'Rclone',
    'Rclone',
    'https://rclone.org',
    '1.68.2',
  ),
  git: image(
    'C:\\Program Files\\Git\\cmd\\git.exe',
    'Git for Windows',
    'Git',
    'The Git Development Community',
    '2.47.1.windows.1',
  ),
  net: image(
    'C:\\Windows\\System32\\net.exe',
    'Net Command',
    'Microsoft® Windows® Operating System',
    MS,
    '10.0.22621.1 (WinBuild.160101.0800)',
  ),
} as const;

/** A kind of process someone starts during a normal day. */
interface ToolSpec {
  readonly image: (e: Employee) => ProcessImage;
  readonly command: (e: Employee, prng: Prng) => string;
  readonly weight: number;
  readonly departments?: readonly Department[];
}

const userPath = (e: Employee, rest: string): string => `C:\\Users\\${e.localPart}\\${rest}`;

const tools: readonly ToolSpec[] = [
  {
    image: () =>
      image(
        'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
        'Google Chrome',
        'Google Chrome',
        'Google LLC',
        '131.0.6778.86',
      ),
    command: () => '"C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe"',
    weight: 10,
  },
  {
    image: () =>
      image(
        'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe',
        'Microsoft Edge',
        'Microsoft Edge',
        MS,
        '131.0.2903.70',
      ),
    command: () =>
      '"C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe" --single-argument',
    weight: 5,
  },
  {
    image: () =>
      image(
        'C:\\Program Files\\Microsoft Office\\root\\Office16\\OUTLOOK.EXE',
        'Microsoft Outlook',
        'Microsoft Outlook',
        MS,
        '16.0.18129.20158',
      ),
    command: () => '"C:\\Program Files\\Microsoft Office\\root\\Office16\\OUTLOOK.EXE"',
    weight: 6,
  },
  {
    image: () =>
      image(
        'C:\\Program Files\\Microsoft Office\\root\\Office16\\EXCEL.EXE',
        'Microsoft Excel',
        'Microsoft Office',
        MS,
        '16.0.18129.20158',
      ),
    command: (e, prng) =>
      `"C:\\Program Files\\Microsoft Office\\root\\Office16\\EXCEL.EXE" "${userPath(e, `Downloads\\${prng.pick(['Forecast', 'Report', 'Export', 'Budget'])}.xlsx`)}"`,
    weight: 6,
  },
  {
    image: () =>
      image(
        'C:\\Program Files\\Microsoft Office\\root\\Office16\\WINWORD.EXE',
        'Microsoft Word',
        'Microsoft Office',
        MS,
        '16.0.18129.20158',
      ),
    command: () => '"C:\\Program Files\\Microsoft Office\\root\\Office16\\WINWORD.EXE" /n',
    weight: 5,
  },
  {
    image: () =>
      image(
        'C:\\Program Files\\Microsoft Office\\root\\Office16\\POWERPNT.EXE',
        'Microsoft PowerPoint',
        'Microsoft Office',
        MS,
        '16.0.18129.20158',
      ),
    command: () => '"C:\\Program Files\\Microsoft Office\\root\\Office16\\POWERPNT.EXE"',
    weight: 3,
  },
  {
    image: (e) =>
      image(
        userPath(e, 'AppData\\Local\\slack\\app-4.41.105\\slack.exe'),
        'Slack',
        'Slack',
        'Slack Technologies, LLC',
        '4.41.105',
      ),
    command: (e) =>
      `"${userPath(e, 'AppData\\Local\\slack\\app-4.41.105\\slack.exe')}" --process-start-args --startup`,
    weight: 3,
  },
  {
    image: (e) =>
      image(
        userPath(e, 'AppData\\Roaming\\Zoom\\bin\\Zoom.exe'),
        'Zoom Meetings',
        'Zoom Meetings',
        'Zoom Video Communications, Inc.',
        '6.2.11.52449',
      ),
    command: (e) =>
      `"${userPath(e, 'AppData\\Roaming\\Zoom\\bin\\Zoom.exe')}" --url=zoommtg://zoom.us/join`,
    weight: 3,
  },
  {
    image: () =>
      image(
        'C:\\Windows\\System32\\notepad.exe',
        'Notepad',
        'Microsoft® Windows® Operating System',
        MS,
        '10.0.22621.1 (WinBuild.160101.0800)',
      ),
    command: () => 'C:\\Windows\\system32\\notepad.exe',
    weight: 1.5,
  },
  {
    image: () =>
      image(
        'C:\\Program Files\\Adobe\\Acrobat DC\\Acrobat\\Acrobat.exe',
        'Adobe Acrobat',
        'Adobe Acrobat',
        'Adobe Systems Incorporated',
        '24.4.20272.0',
      ),
    command: (e) =>
      `"C:\\Program Files\\Adobe\\Acrobat DC\\Acrobat\\Acrobat.exe" "${userPath(e, 'Downloads\\document.pdf')}"`,
    weight: 2,
  },
  {
    image: (e) =>
      image(
        userPath(e, 'AppData\\Local\\Programs\\Microsoft VS Code\\Code.exe'),
        'Visual Studio Code',
        'Visual Studio Code',
        MS,
        '1.95.3',
      ),
    command: (e) => `"${userPath(e, 'AppData\\Local\\Programs\\Microsoft VS Code\\Code.exe')}"`,
    weight: 6,
    departments: ['Engineering', 'IT'],
  },
  {
    image: () => images.git,
    command: (e, prng) =>
      `git ${prng.pick(['status', 'pull --rebase', 'fetch origin', 'checkout -b feature/update', 'log --oneline -20', 'push origin HEAD'])}`,
    weight: 8,
    departments: ['Engineering', 'IT'],
  },
  {
    image: () =>
      image(
        'C:\\Program Files\\nodejs\\node.exe',
        'Node.js JavaScript Runtime',
        'Node.js',
        'Node.js',
        '20.18.1',
      ),
    command: (_e, prng) =>
      `node ${prng.pick(['node_modules\\vitest\\vitest.mjs run', 'scripts\\build.mjs', 'node_modules\\typescript\\bin\\tsc --noEmit'])}`,
    weight: 4,
    departments: ['Engineering'],
  },
  {
    image: () =>
      image(
        'C:\\Program Files\\Docker\\Docker\\resources\\bin\\docker.exe',
        'Docker CLI',
        'Docker',
        'Docker Inc.',
        '27.3.1',
      ),
    command: (_e, prng) =>
      `docker ${prng.pick(['compose up -d', 'ps', 'build -t app:dev .', 'logs -f api'])}`,
    weight: 2,
    departments: ['Engineering'],
  },
  {
    image: () => images.powershell,
    command: () => '"C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe"',
    weight: 2,
  },
  {
    image: () =>
      image(
        'C:\\Windows\\System32\\mmc.exe',
        'Microsoft Management Console',
        'Microsoft® Windows® Operating System',
        MS,
        '10.0.22621.1 (WinBuild.160101.0800)',
      ),
    command: () => '"C:\\Windows\\system32\\mmc.exe" "C:\\Windows\\system32\\dsa.msc"',
    weight: 3,
    departments: ['IT'],
  },
  {
    image: () =>
      image(
        'C:\\Windows\\System32\\mstsc.exe',
        'Remote Desktop Connection',
        'Microsoft® Windows® Operating System',
        MS,
        '10.0.22621.1 (WinBuild.160101.0800)',
      ),
    command: (_e, prng) =>
      `"C:\\Windows\\system32\\mstsc.exe" /v:SRV-${prng.pick(['FILE01', 'APP02', 'DC01', 'PRINT01'])}`,
    weight: 2,
    departments: ['IT'],
  },
];

/** A normal tool for the person's department, with the command line it was started with. */
export function pickTool(e: Employee, prng: Prng): { image: ProcessImage; commandLine: string } {
  const usable = tools.filter((t) => !t.departments || t.departments.includes(e.department));
  const tool = prng.weighted(usable.map((t) => [t, t.weight] as const));
  return { image: tool.image(e), commandLine: tool.command(e, prng) };
}
