// Picks the host implementation once at start: Electron's preload bridge when present,
// otherwise the plain browser, whose page first narrows where it may connect (before the app renders).

import type { StudioPlatform } from '../../shared/platform/studio-platform';
import { createBrowserPlatform } from './browser';
import { createBrowserJudgeEndpoints } from './browser-judge-endpoints';
import { createBrowserTeamServers } from './browser-team-servers';
import { prepareConnectPolicy } from './connect-policy';
import { createElectronPlatform, detectElectronBridge } from './electron';

export async function createPlatform(): Promise<StudioPlatform> {
  const bridge = detectElectronBridge();
  if (bridge) return createElectronPlatform(bridge);
  const admitted = await prepareConnectPolicy(document);
  // Web Crypto exists only in a secure context (https, or http on this computer).
  const subtle = window.isSecureContext ? crypto.subtle : undefined;
  const page = { admitted, pageOrigin: window.location.origin, ...(subtle ? { subtle } : {}) };
  return createBrowserPlatform(createBrowserJudgeEndpoints(page), createBrowserTeamServers(page));
}
