// Which of an annotator's devices wrote a label (issue 29): each copy of a joined study names
// itself once, from its browser and system and a few random letters, so two devices that gave
// a unit different labels can be told apart on the unit ("Chrome on Linux · 3f2a").

/** Longest device name a label document carries: a browser's user agent is not to be trusted for length. */
export const MAX_DEVICE_NAME_CHARS = 80;

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/Electron\//, 'Agreement Studio'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/Node\.js\//, 'Node.js'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/Windows/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** The device's name from its user agent and its own random id: `<browser> on <system> · <first 4 of id>`. */
export function deviceName(userAgent: string, id: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'A browser';
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const tag = id.replace(/[^0-9a-z]/gi, '').slice(0, 4) || '?';
  return `${browser}${system !== undefined ? ` on ${system}` : ''} · ${tag}`;
}
