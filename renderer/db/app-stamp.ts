// The app and version written into what the app makes (packs, label files, reports, backups), by the
// workers and by the team sync alike.

export const APP = `agreement-studio ${__APP_VERSION__}`;
