// An invitation to label a study on a team server (issue 18): what the lead gives one annotator,
// as a file (`<annotator>.invitation.json`) or a link to the web build. It holds that annotator's
// password, so it goes to them alone; opening it sets up the study as a pack does.

export const INVITATION_FORMAT = 'agreement-studio.invitation/1';

export interface Invitation {
  format: typeof INVITATION_FORMAT;
  /** The server's base URL, e.g. `https://couch.example.org/`: https, or http on this computer only. */
  server: string;
  /** The annotator's database (team-server-names.ts). */
  database: string;
  user: string;
  password: string;
  study: { id: string; name: string };
  annotator: { id: string; name: string };
  createdAt: string;
}
