// @vitest-environment happy-dom
// The route follows the address and the address the route; and a link followed while the app was
// still starting, before the router listened, is followed rather than written over with the
// place the app started on (the e2e suite lost such links on a busy machine).

import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useHashRouting } from '../../../renderer/app/useHashRouting';
import { parseRoute } from '../../../renderer/services/routes';
import { createStudioStore } from '../../../renderer/services/studio-store';

afterEach(() => {
  cleanup();
  window.location.hash = '';
});

describe('useHashRouting', () => {
  it('follows a link followed after the store took its route but before the router listened', async () => {
    window.location.hash = '#/';
    const store = createStudioStore(parseRoute(window.location.hash));
    window.location.hash = '#/study/pilot/team';
    const { result } = renderHook(() => useHashRouting(store));
    await waitFor(() => expect(result.current).toEqual({ view: 'team', studyId: 'pilot' }));
    expect(store.getState().route).toEqual({ view: 'team', studyId: 'pilot' });
    expect(window.location.hash).toBe('#/study/pilot/team');
  });

  it('writes a move in the app to the address, and follows the address when it changes', async () => {
    window.location.hash = '#/';
    const store = createStudioStore(parseRoute(window.location.hash));
    const { result } = renderHook(() => useHashRouting(store));
    act(() => store.getState().navigate({ view: 'report', studyId: 'pilot' }));
    await waitFor(() => expect(window.location.hash).toBe('#/study/pilot/report'));
    act(() => {
      window.location.hash = '#/help';
    });
    await waitFor(() => expect(result.current).toEqual({ view: 'help' }));
    expect(store.getState().route).toEqual({ view: 'help' });
  });
});
