// The mode the views render in: lead (everything) or annotator (blind, SPEC §5). Views ask
// this hook rather than the preferences store, so a later rule such as "a study opened from a
// pack is always annotator mode" changes one place.

import type { StudioMode } from '../../app/preferences-store';
import { usePreferences } from '../../app/services';

export function useStudioMode(): StudioMode {
  return usePreferences((state) => state.mode);
}
