// A device names itself from its user agent and its random id, so two devices of one annotator
// are told apart on a conflicting unit: browser, system and the id's first four letters.

import { describe, expect, it } from 'vitest';
import { deviceName, MAX_DEVICE_NAME_CHARS } from '../../../shared/sync/device-name';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const EDGE_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0';
const SAFARI_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0';

describe('deviceName', () => {
  it('names the browser, the system and the first four letters of the id', () => {
    expect(deviceName(CHROME_LINUX, '3f2a9c1d')).toBe('Chrome on Linux · 3f2a');
    expect(deviceName(EDGE_WINDOWS, '9c1d0000')).toBe('Edge on Windows · 9c1d');
    expect(deviceName(SAFARI_MAC, 'abcdef')).toBe('Safari on macOS · abcd');
    expect(deviceName(FIREFOX_ANDROID, 'ffff')).toBe('Firefox on Android · ffff');
  });

  it('says little but stays short for an unknown or hostile user agent', () => {
    expect(deviceName('', '')).toBe('A browser · ?');
    expect(deviceName('x'.repeat(10_000), '<script>'.repeat(100)).length).toBeLessThanOrEqual(MAX_DEVICE_NAME_CHARS);
    expect(deviceName('x', '<script>')).toBe('A browser · scri');
  });
});
