// Picks the host implementation once at start: Electron's preload bridge when present,
// otherwise the plain browser.

import type { StudioPlatform } from '../../shared/platform/studio-platform';
import { createBrowserPlatform } from './browser';
import { createElectronPlatform, detectElectronBridge } from './electron';

export function createPlatform(): StudioPlatform {
  const bridge = detectElectronBridge();
  return bridge ? createElectronPlatform(bridge) : createBrowserPlatform();
}
