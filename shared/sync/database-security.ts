// The `_security` of an annotator's database (issue 18): no database admin but the server's own,
// and the annotator's user as its only member, so only they (and the lead) can read or write it.
// What the lead puts there, and what the lead's pull finds wrong with what is there now (issue 29).

import { isRecord, quote } from '../formats/field-schemas';

export interface DatabaseSecurity {
  admins: { names: string[]; roles: string[] };
  members: { names: string[]; roles: string[] };
}

/** The `_security` the lead puts on the database of the annotator whose server user is `user`. */
export function databaseSecurity(user: string): DatabaseSecurity {
  return { admins: { names: [], roles: [] }, members: { names: [user], roles: [] } };
}

/** What is wrong with a database's `_security` as the server answers it, in words; undefined when it is the lead's. */
export function securityProblem(security: unknown, user: string): string | undefined {
  const read = isRecord(security) ? security : {};
  const members = listsOf(read.members);
  const admins = listsOf(read.admins);
  if (members === undefined || members.names.length === 0) {
    return `the database no longer names ${quote(user)} as its only member, so who may read and write it is left to the server's defaults (on some servers anyone)`;
  }
  if (members.names.length !== 1 || members.names[0] !== user || members.roles.length > 0) {
    const others = [
      ...members.names.filter((name) => name !== user).map((name) => `user ${quote(name)}`),
      ...members.roles.map((role) => `role ${quote(role)}`),
    ];
    return others.length > 0
      ? `the database is open to others than ${quote(user)}: ${others.join(', ')}`
      : `the database's members no longer include ${quote(user)}, so the annotator cannot send labels`;
  }
  if (admins === undefined) return "the database's admins are not lists of names and roles, as the lead put there";
  const added = [...admins.names.map((name) => `user ${quote(name)}`), ...admins.roles.map((role) => `role ${quote(role)}`)];
  if (added.length > 0) return `the database has admins besides the server's (${added.join(', ')}), who may change its validation function`;
  return undefined;
}

/** `{ names, roles }` with text lists only (absent lists read as empty, as CouchDB reads them); undefined when it is not that. */
function listsOf(value: unknown): { names: string[]; roles: string[] } | undefined {
  if (value === undefined) return { names: [], roles: [] };
  if (!isRecord(value)) return undefined;
  const names = value.names ?? [];
  const roles = value.roles ?? [];
  const texts = (list: unknown): list is string[] => Array.isArray(list) && list.every((item) => typeof item === 'string');
  return texts(names) && texts(roles) ? { names, roles } : undefined;
}
