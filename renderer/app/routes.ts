// The app's places as data, kept in the URL hash so a reload returns to the same place.

export type Route =
  | { view: 'library' }
  | { view: 'study'; studyId: string }
  | { view: 'transcript'; studyId: string; sessionId: string };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter((part) => part !== '').map(decodeURIComponentSafe);
  if (parts[0] === 'study' && parts[1] !== undefined) {
    if (parts[2] === 'session' && parts[3] !== undefined) return { view: 'transcript', studyId: parts[1], sessionId: parts[3] };
    return { view: 'study', studyId: parts[1] };
  }
  return { view: 'library' };
}

export function routeToHash(route: Route): string {
  switch (route.view) {
    case 'library':
      return '#/';
    case 'study':
      return `#/study/${encodeURIComponent(route.studyId)}`;
    case 'transcript':
      return `#/study/${encodeURIComponent(route.studyId)}/session/${encodeURIComponent(route.sessionId)}`;
  }
}

function decodeURIComponentSafe(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
