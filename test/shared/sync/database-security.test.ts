// The `_security` of an annotator's database as the lead's check reads it (issue 29 point 4): what
// the lead puts is intact, and each change a server admin can make is named in words: members
// gone, another user or role let in, the annotator left out, admins added, lists that are not lists.

import { describe, expect, it } from 'vitest';
import { databaseSecurity, securityProblem } from '../../../shared/sync/database-security';

const USER = 'as-demo-ann-a-1234';

describe('securityProblem', () => {
  it("finds nothing wrong with what the lead puts, nor with CouchDB's absent admins", () => {
    expect(securityProblem(databaseSecurity(USER), USER)).toBeUndefined();
    expect(securityProblem({ members: { names: [USER] } }, USER)).toBeUndefined();
  });

  it.each([
    ['no _security at all', {}, /no longer names "as-demo-ann-a-1234" as its only member/],
    ['members emptied', { admins: { names: [], roles: [] }, members: { names: [], roles: [] } }, /no longer names/],
    [
      'another user let in',
      { members: { names: [USER, 'intruder'], roles: [] } },
      /^the database is open to others than "as-demo-ann-a-1234": user "intruder"$/,
    ],
    ['a role let in', { members: { names: [USER], roles: ['staff'] } }, /open to others than .*: role "staff"$/],
    ['the annotator left out', { members: { names: ['someone'], roles: [] } }, /open to others than .*: user "someone"$/],
    [
      'an admin added',
      { admins: { names: ['helper'], roles: [] }, members: { names: [USER], roles: [] } },
      /has admins besides the server's \(user "helper"\)/,
    ],
    ['members not lists', { members: { names: USER } }, /no longer names/],
    ['admins not lists', { admins: 'everyone', members: { names: [USER], roles: [] } }, /admins are not lists/],
  ])('names %s', (_case, security, problem) => {
    expect(securityProblem(security, USER)).toMatch(problem);
  });
});
