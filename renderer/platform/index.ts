// Picks the host implementation once at start: Electron's preload bridge when present,
// otherwise the plain browser, whose page first narrows where it may connect (before the app renders).

import type { StudioPlatform } from '../../shared/platform/studio-platform';
import { createBrowserPlatform } from './browser';
import { createBrowserJudgeEndpoints, prepareJudgeConnectPolicy } from './browser-judge-endpoints';
import { createElectronPlatform, detectElectronBridge } from './electron';

export async function createPlatform(): Promise<StudioPlatform> {
  const bridge = detectElectronBridge();
  if (bridge) return createElectronPlatform(bridge);
  const admitted = await prepareJudgeConnectPolicy(document);
  // Web Crypto exists only in a secure context (https, or http on this computer).
  const subtle = window.isSecureContext ? crypto.subtle : undefined;
  return createBrowserPlatform(createBrowserJudgeEndpoints({ admitted, pageOrigin: window.location.origin, ...(subtle ? { subtle } : {}) }));
}
