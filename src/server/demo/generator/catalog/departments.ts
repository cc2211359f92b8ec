import type { SensitivityLabel } from './labels';

/** Departments of the synthetic company; `Executive` holds only the chief executive. */
export type Department =
  | 'Engineering'
  | 'Sales'
  | 'Finance'
  | 'HR'
  | 'Legal'
  | 'Marketing'
  | 'Support'
  | 'IT'
  | 'Executive';

/** Expected daily counts on a working day at the default rate; the emitters draw around them. */
export interface DailyVolumes {
  /** Google Drive file events. */
  readonly drive: number;
  /** SharePoint/OneDrive file operations. */
  readonly sharepoint: number;
  /** Mails sent. */
  readonly mail: number;
  /** Slack messages posted. */
  readonly chat: number;
  /** Process starts on a Windows laptop. */
  readonly processes: number;
  /** Interactive PowerShell script blocks. */
  readonly scripts: number;
  /** git fetches (pushes and clones follow from it); 0 for people without repositories. */
  readonly git: number;
}

/** A document a department keeps, with the label it usually carries. */
export type FileTemplate = readonly [name: string, label: SensitivityLabel];

/** How a department works: titles, apps, volumes, documents and the access it normally asks for. */
export interface DepartmentProfile {
  readonly name: Department;
  /** Relative share of headcount. */
  readonly weight: number;
  readonly headTitle: string;
  readonly managerTitle: string;
  readonly titles: readonly string[];
  /** SSO applications beyond the ones everybody has. */
  readonly apps: readonly string[];
  readonly volumes: DailyVolumes;
  /** Share of sent mail that goes to customers or partners outside the company. */
  readonly externalMail: number;
  /** Where the department keeps its documents. */
  readonly fileStore: 'drive' | 'sharepoint';
  /** SharePoint site or shared drive name. */
  readonly site: string;
  readonly files: readonly FileTemplate[];
  /** Access requests that fit the role: [catalogue item, role]. */
  readonly normalRequests: readonly (readonly [string, string])[];
  /** Probability that the primary laptop is a Mac (Macs send no Windows telemetry). */
  readonly macShare: number;
}

/** Applications everybody signs into through Okta. */
export const commonApps: readonly string[] = [
  'Google Workspace',
  'Microsoft Office 365',
  'Slack',
  'Workday',
  'Zoom',
  'ServiceNow',
];

/** Every department and how it behaves. */
export const departments: readonly DepartmentProfile[] = [
  {
    name: 'Engineering',
    weight: 34,
    headTitle: 'VP of Engineering',
    managerTitle: 'Engineering Manager',
    titles: [
      'Software Engineer',
      'Senior Software Engineer',
      'Staff Software Engineer',
      'Site Reliability Engineer',
      'Data Engineer',
      'QA Engineer',
      'Security Engineer',
    ],
    apps: ['GitHub', 'Jira', 'Confluence', 'AWS IAM Identity Center', 'Datadog', 'PagerDuty'],
    volumes: { drive: 6, sharepoint: 1, mail: 2, chat: 9, processes: 9, scripts: 0.5, git: 8 },
    externalMail: 0.05,
    fileStore: 'drive',
    site: 'Engineering',
    files: [
      ['Architecture Overview {YEAR}.docx', 'Internal'],
      ['Incident Postmortem {N}.docx', 'Confidential'],
      ['Production Access Runbook.docx', 'Confidential'],
      ['Roadmap H{H} {YEAR}.pptx', 'Confidential'],
      ['Service Credentials Inventory.xlsx', 'Highly Confidential'],
      ['Security Review {N}.pdf', 'Confidential'],
      ['On-call Rotation {YEAR}.xlsx', 'Internal'],
      ['API Design Guidelines.pdf', 'Public'],
      ['Capacity Plan Q{Q} {YEAR}.xlsx', 'Internal'],
      ['Customer Data Schema v{N}.docx', 'Highly Confidential'],
      ['Sprint Retro {N}.docx', 'Internal'],
      ['Pen Test Report {YEAR}.pdf', 'Highly Confidential'],
    ],
    normalRequests: [
      ['GitHub repository access', 'write'],
      ['AWS staging account', 'PowerUserAccess'],
      ['Datadog', 'Standard user'],
      ['PagerDuty', 'Responder'],
      ['AWS production account', 'ReadOnlyAccess'],
    ],
    macShare: 0.45,
  },
  {
    name: 'Sales',
    weight: 17,
    headTitle: 'VP of Sales',
    managerTitle: 'Sales Director',
    titles: [
      'Account Executive',
      'Senior Account Executive',
      'Sales Development Representative',
      'Solutions Engineer',
      'Sales Operations Analyst',
    ],
    apps: ['Salesforce', 'Gong', 'LinkedIn Sales Navigator', 'DocuSign', 'Outreach'],
    volumes: { drive: 2, sharepoint: 6, mail: 12, chat: 6, processes: 7, scripts: 0.02, git: 0 },
    externalMail: 0.55,
    fileStore: 'sharepoint',
    site: 'Sales',
    files: [
      ['{CUSTOMER} Proposal {YEAR}.docx', 'Confidential'],
      ['{CUSTOMER} Pricing Quote.xlsx', 'Confidential'],
      ['Pipeline Q{Q} {YEAR}.xlsx', 'Confidential'],
      ['Customer List {YEAR}.xlsx', 'Highly Confidential'],
      ['Sales Playbook.pptx', 'Internal'],
      ['Commission Plan {YEAR}.xlsx', 'Highly Confidential'],
      ['Product One-Pager.pdf', 'Public'],
      ['Territory Plan {YEAR}.xlsx', 'Internal'],
      ['{CUSTOMER} MSA Redlines.docx', 'Confidential'],
      ['Win-Loss Analysis Q{Q}.pptx', 'Internal'],
    ],
    normalRequests: [
      ['Salesforce', 'Report builder'],
      ['Gong', 'Team viewer'],
      ['DocuSign', 'Sender'],
      ['LinkedIn Sales Navigator', 'Core seat'],
    ],
    macShare: 0.3,
  },
  {
    name: 'Finance',
    weight: 7,
    headTitle: 'Chief Financial Officer',
    managerTitle: 'Controller',
    titles: [
      'Financial Analyst',
      'Senior Accountant',
      'Accounts Payable Specialist',
      'FP&A Manager',
      'Payroll Specialist',
    ],
    apps: ['NetSuite', 'Expensify', 'Coupa', 'Tableau', 'Bill.com'],
    volumes: { drive: 2, sharepoint: 9, mail: 5, chat: 5, processes: 8, scripts: 0.02, git: 0 },
    externalMail: 0.15,
    fileStore: 'sharepoint',
    site: 'Finance',
    files: [
      ['FY{YEAR} Budget.xlsx', 'Confidential'],
      ['Q{Q} {YEAR} Forecast.xlsx', 'Confidential'],
      ['Board Deck Q{Q} {YEAR}.pptx', 'Highly Confidential'],
      ['Payroll Register {MONTH} {YEAR}.xlsx', 'Highly Confidential'],
      ['Vendor Payments {MONTH}.csv', 'Confidential'],
      ['Revenue Recognition Memo.docx', 'Confidential'],
      ['Audit Workpapers {YEAR}.xlsx', 'Highly Confidential'],
      ['Expense Policy.pdf', 'Internal'],
      ['Bank Reconciliation {MONTH}.xlsx', 'Confidential'],
      ['Cap Table {YEAR}.xlsx', 'Highly Confidential'],
    ],
    normalRequests: [
      ['NetSuite', 'AP clerk'],
      ['Tableau', 'Explorer'],
      ['Coupa', 'Approver'],
      ['Bill.com', 'Accountant'],
    ],
    macShare: 0.1,
  },
  {
    name: 'HR',
    weight: 5,
    headTitle: 'Chief People Officer',
    managerTitle: 'HR Manager',
    titles: [
      'HR Business Partner',
      'Recruiter',
      'People Operations Specialist',
      'Compensation Analyst',
    ],
    apps: ['Greenhouse', 'Lattice', 'Culture Amp'],
    volumes: { drive: 2, sharepoint: 8, mail: 6, chat: 5, processes: 7, scripts: 0.01, git: 0 },
    externalMail: 0.25,
    fileStore: 'sharepoint',
    site: 'PeopleOps',
    files: [
      ['Compensation Review {YEAR}.xlsx', 'Highly Confidential'],
      ['Headcount Plan {YEAR}.xlsx', 'Confidential'],
      ['Employee Handbook.pdf', 'Internal'],
      ['Performance Calibration H{H} {YEAR}.xlsx', 'Highly Confidential'],
      ['Offer Letter Template.docx', 'Internal'],
      ['Investigation Notes {N}.docx', 'Highly Confidential'],
      ['Benefits Overview {YEAR}.pdf', 'Public'],
      ['Org Chart {MONTH}.pptx', 'Confidential'],
    ],
    normalRequests: [
      ['Workday', 'HR partner'],
      ['Greenhouse', 'Recruiter'],
      ['Lattice', 'Admin'],
    ],
    macShare: 0.2,
  },
  {
    name: 'Legal',
    weight: 4,
    headTitle: 'General Counsel',
    managerTitle: 'Associate General Counsel',
    titles: ['Corporate Counsel', 'Paralegal', 'Contracts Manager', 'Privacy Counsel'],
    apps: ['DocuSign', 'Ironclad', 'iManage'],
    volumes: { drive: 2, sharepoint: 8, mail: 6, chat: 4, processes: 7, scripts: 0.01, git: 0 },
    externalMail: 0.3,
    fileStore: 'sharepoint',
    site: 'Legal',
    files: [
      ['{CUSTOMER} Master Services Agreement.docx', 'Confidential'],
      ['Litigation Hold Notice {N}.docx', 'Highly Confidential'],
      ['NDA Template.docx', 'Internal'],
      ['Board Minutes {MONTH} {YEAR}.docx', 'Highly Confidential'],
      ['Patent Filing {N}.pdf', 'Highly Confidential'],
      ['Privacy Impact Assessment {N}.docx', 'Confidential'],
      ['Data Processing Addendum.pdf', 'Public'],
    ],
    normalRequests: [
      ['Ironclad', 'Contract manager'],
      ['iManage', 'Matter access'],
      ['DocuSign', 'Sender'],
    ],
    macShare: 0.15,
  },
  {
    name: 'Marketing',
    weight: 8,
    headTitle: 'VP of Marketing',
    managerTitle: 'Marketing Manager',
    titles: [
      'Product Marketing Manager',
      'Content Strategist',
      'Designer',
      'Growth Marketer',
      'Events Coordinator',
    ],
    apps: ['HubSpot', 'Figma', 'Canva', 'Google Analytics', 'Hootsuite'],
    volumes: { drive: 9, sharepoint: 2, mail: 5, chat: 7, processes: 7, scripts: 0.01, git: 0 },
    externalMail: 0.3,
    fileStore: 'drive',
    site: 'Marketing',
    files: [
      ['Launch Plan {PRODUCT}.pptx', 'Confidential'],
      ['Brand Guidelines.pdf', 'Public'],
      ['Campaign Results Q{Q} {YEAR}.xlsx', 'Internal'],
      ['Press Release Draft {N}.docx', 'Confidential'],
      ['Competitive Analysis {YEAR}.pptx', 'Confidential'],
      ['Webinar Leads {MONTH}.csv', 'Confidential'],
      ['Blog Draft {N}.docx', 'Internal'],
      ['Pricing Page Copy.docx', 'Internal'],
    ],
    normalRequests: [
      ['HubSpot', 'Marketing user'],
      ['Figma', 'Editor'],
      ['Google Analytics', 'Analyst'],
    ],
    macShare: 0.6,
  },
  {
    name: 'Support',
    weight: 12,
    headTitle: 'VP of Customer Support',
    managerTitle: 'Support Manager',
    titles: [
      'Support Engineer',
      'Customer Success Manager',
      'Technical Account Manager',
      'Support Specialist',
    ],
    apps: ['Zendesk', 'Salesforce', 'Jira', 'Confluence', 'Gainsight'],
    volumes: { drive: 3, sharepoint: 3, mail: 7, chat: 11, processes: 8, scripts: 0.05, git: 0 },
    externalMail: 0.5,
    fileStore: 'drive',
    site: 'Customer Support',
    files: [
      ['{CUSTOMER} Escalation Notes.docx', 'Confidential'],
      ['Support Macros.xlsx', 'Internal'],
      ['Known Issues {MONTH}.docx', 'Internal'],
      ['{CUSTOMER} QBR Q{Q}.pptx', 'Confidential'],
      ['Customer Health Scores {MONTH}.xlsx', 'Confidential'],
      ['Troubleshooting Guide.pdf', 'Public'],
    ],
    normalRequests: [
      ['Zendesk', 'Agent'],
      ['Salesforce', 'Service Cloud user'],
      ['Jira', 'Service desk agent'],
    ],
    macShare: 0.2,
  },
  {
    name: 'IT',
    weight: 7,
    headTitle: 'Director of IT',
    managerTitle: 'IT Manager',
    titles: [
      'Systems Administrator',
      'IT Support Specialist',
      'Identity Engineer',
      'Endpoint Engineer',
      'Network Engineer',
    ],
    apps: [
      'Okta Admin Console',
      'Microsoft Intune',
      'Jamf Pro',
      'AWS IAM Identity Center',
      'Jira',
      'GitHub',
    ],
    volumes: { drive: 2, sharepoint: 3, mail: 3, chat: 8, processes: 10, scripts: 2, git: 1 },
    externalMail: 0.1,
    fileStore: 'sharepoint',
    site: 'IT',
    files: [
      ['Asset Inventory {YEAR}.xlsx', 'Internal'],
      ['Firewall Rules {N}.xlsx', 'Confidential'],
      ['Admin Accounts Register.xlsx', 'Highly Confidential'],
      ['Disaster Recovery Plan.docx', 'Confidential'],
      ['Laptop Imaging Guide.docx', 'Internal'],
      ['Vendor Contacts.xlsx', 'Internal'],
      ['Break-glass Procedure.docx', 'Highly Confidential'],
    ],
    normalRequests: [
      ['Okta', 'Help desk administrator'],
      ['Microsoft Intune', 'Endpoint manager'],
      ['AWS production account', 'ReadOnlyAccess'],
      ['Jamf Pro', 'Technician'],
    ],
    macShare: 0.25,
  },
  {
    name: 'Executive',
    weight: 0,
    headTitle: 'Chief Executive Officer',
    managerTitle: 'Chief of Staff',
    titles: ['Executive Assistant'],
    apps: ['Salesforce', 'Tableau', 'DocuSign'],
    volumes: { drive: 3, sharepoint: 6, mail: 10, chat: 6, processes: 6, scripts: 0, git: 0 },
    externalMail: 0.4,
    fileStore: 'sharepoint',
    site: 'Leadership',
    files: [
      ['Board Deck Q{Q} {YEAR}.pptx', 'Highly Confidential'],
      ['Strategy Offsite {YEAR}.pptx', 'Highly Confidential'],
      ['Acquisition Target {N}.docx', 'Highly Confidential'],
      ['All Hands {MONTH}.pptx', 'Internal'],
    ],
    normalRequests: [['Tableau', 'Viewer']],
    macShare: 0.7,
  },
];

/** The profile of a department. */
export function departmentProfile(name: Department): DepartmentProfile {
  const profile = departments.find((d) => d.name === name);
  if (!profile) throw new Error(`Unknown department ${name}`);
  return profile;
}
