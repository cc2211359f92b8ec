import { describe, expect, it } from 'vitest';

import { hrParser } from '../../../src/server/ingest/parsers/hr';
import { parseRecords } from './support/parse-records';

const row = {
  employee_id: 'E1001',
  full_name: 'Jane Doe',
  email: 'jane.doe@acme.com',
  department: 'Finance',
};

describe('HR aliases', () => {
  it('collects other emails and Windows, GitHub and Slack names from CSV text or JSON lists', () => {
    const { employees, errors } = parseRecords(hrParser, [
      {
        ...row,
        other_emails: 'J.Doe@old-acquisition.example; jane.doe@acme.com',
        windows_account: 'CORP\\jdoe',
        github_login: 'janedoe-gh',
        slack_user: 'U02JANE',
      },
      { ...row, employee_id: 'E1002', email: 'sam.lee@acme.com', aliases: ['EMEA\\slee', 'slee'] },
      { ...row, employee_id: 'E1003', email: 'kim.park@acme.com' },
    ]);
    expect(errors).toEqual([]);
    expect(employees.map((e) => e.aliases)).toEqual([
      ['j.doe@old-acquisition.example', 'corp\\jdoe', 'janedoe-gh', 'u02jane'],
      ['emea\\slee', 'slee'],
      undefined,
    ]);
  });
});
