import type { Department } from './departments';

/** Subjects of everyday mail; `{C}` is a customer, `{Q}` a quarter, `{P}` a product. */
export const mailSubjects: Partial<Record<Department, readonly string[]>> & {
  common: readonly string[];
} = {
  common: [
    'Quick question',
    'Re: Meeting notes',
    'Follow-up from today',
    'Re: Agenda for Thursday',
    'Out of office next week',
    'FW: Updated calendar invite',
    'Re: Q{Q} planning',
    'Lunch & learn sign-up',
  ],
  Sales: [
    '{C} renewal next steps',
    'Re: {C} pricing proposal',
    'Intro call recap - {C}',
    'Re: Contract status with {C}',
    'Pipeline review Q{Q}',
  ],
  Support: [
    'Re: Ticket escalation for {C}',
    'Case update: {C}',
    'Re: Outage follow-up',
    'QBR prep for {C}',
  ],
  Finance: [
    'Re: Month-end close',
    'Invoice approval needed',
    'Q{Q} forecast update',
    'Re: Vendor payment run',
  ],
  Legal: ['Re: NDA with {C}', 'MSA redlines - {C}', 'Re: Privacy review', 'Signature required'],
  HR: ['Re: Offer approval', 'Interview schedule', 'Re: Benefits enrolment', 'Policy update draft'],
  Marketing: [
    '{P} launch timeline',
    'Re: Campaign assets',
    'Webinar speaker confirmation',
    'Press release review',
  ],
  Engineering: [
    'Re: Design review',
    'Incident follow-up',
    'Re: On-call handover',
    'RFC: {P} service split',
  ],
  IT: [
    'Laptop refresh schedule',
    'Re: Access request',
    'Maintenance window this weekend',
    'Re: VPN issue',
  ],
  Executive: ['Board prep', 'Re: Strategy offsite', 'Q{Q} business review'],
};

/** Everyday Slack messages; `{R}` is a repository, `{C}` a customer. */
export const chatMessages: Partial<Record<Department, readonly string[]>> & {
  common: readonly string[];
} = {
  common: [
    'Thanks!',
    'Sounds good to me',
    'Can we push this to tomorrow?',
    'Joining the call in 2',
    'Has anyone seen the updated doc?',
    'lgtm',
    'Happy Friday everyone :tada:',
    'Running a few minutes late',
    'Shared the notes in the channel',
    'Who owns this?',
  ],
  Engineering: [
    'Can someone review my PR on {R}?',
    'Deploying {R} to staging now',
    'CI is red on main, looking',
    'Rolled back {R}, investigating',
    'Flaky test in {R} again',
  ],
  Sales: [
    'Great call with {C} today',
    'Need a quote for {C} by EOD',
    '{C} signed! :rocket:',
    'Anyone have the latest deck?',
  ],
  Support: [
    '{C} is asking about the outage',
    'Escalating ticket for {C}',
    'Macro updated for billing questions',
  ],
  IT: [
    'Okta maintenance tonight',
    'New laptops arrived',
    'Password reset done',
    'Patching window starts at 10pm',
  ],
  Marketing: [
    'Assets are in the shared drive',
    'Webinar registrations are up 20%',
    'Draft blog post ready for review',
  ],
  Finance: ['Close checklist updated', 'Expense reports due Friday', 'Forecast model v3 is up'],
  Legal: ['Redlines sent back', 'Please route contracts through Ironclad', 'NDA signed'],
  HR: ['Open enrolment reminder', 'Interview loop scheduled', 'Welcome our new hires!'],
};

/** Chat lines that mention a competitor (`{X}`), used by the competitor-contact storyline. */
export const competitorChat: readonly string[] = [
  'Had a good chat with the {X} folks about the role',
  'The {X} recruiter called me again',
  'Sending the {X} team the deck we discussed',
  '{X} is offering a lot more than here honestly',
  'Can you keep this between us? {X} wants me to start next month',
  'Do you still have contacts at {X}?',
  'I can bring the customer list when I move to {X}',
  'Meeting the {X} VP for coffee tomorrow',
];

/** Mail subjects to a competitor (`{X}`). */
export const competitorSubjects: readonly string[] = [
  'Re: Next steps with {X}',
  'Following up on our conversation',
  'Documents you asked for',
  'Re: Offer details',
  'Intro - {X} partnership',
];

/** Fills `{C}` customer, `{Q}` quarter, `{P}` product, `{R}` repository and `{X}` competitor. */
export function fillMessage(
  template: string,
  values: { customer: string; product: string; repo: string; quarter: number; competitor?: string },
): string {
  return template
    .replace('{C}', values.customer)
    .replace('{P}', values.product)
    .replace('{R}', values.repo)
    .replace('{Q}', String(values.quarter))
    .replace('{X}', values.competitor ?? '');
}
