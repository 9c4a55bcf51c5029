// The lead's team server form checked before anything is sent: the address must be a server the
// host will admit (https, or http on this computer), with the user name and password in their own
// fields; each problem in words. The password is only checked for presence, never repeated.

import { teamServerOrigin } from '../../../shared/sync/admitted-request';

export interface TeamServerFormValues {
  server: string;
  user: string;
  password: string;
}

/** `passwordKept`: the host already holds this connection's password (after a reload), so the field may stay empty. */
export function checkTeamServerForm(
  values: TeamServerFormValues,
  passwordKept: boolean,
): { ok: true; server: string; user: string; password?: string } | { ok: false; problems: string[] } {
  const server = values.server.trim();
  const user = values.user.trim();
  const problems: string[] = [];
  if (server === '') problems.push('Give the server address, such as https://couch.example.org/.');
  else {
    const origin = teamServerOrigin(server);
    if (!origin.ok) problems.push(`The server address cannot be used: ${origin.reason}.`);
  }
  if (user === '') problems.push('Give the name of a server admin account.');
  if (values.password === '' && !passwordKept) problems.push('Give the admin account’s password.');
  if (problems.length > 0) return { ok: false, problems };
  return values.password === '' ? { ok: true, server, user } : { ok: true, server, user, password: values.password };
}
