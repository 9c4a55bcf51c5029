// The address bar and the studio's route kept in step: the URL hash is the route, so a link or a
// reload lands on the same place, and moving in the app writes the place back to the address.

import { useEffect } from 'react';
import { useStore } from 'zustand';
import { parseRoute, routeToHash, type Route } from '../services/routes';
import type { StudioStore } from '../services/studio-store';

export function useHashRouting(store: StudioStore): Route {
  const route = useStore(store, (state) => state.route);
  useEffect(() => {
    const follow = () => store.getState().navigate(parseRoute(window.location.hash));
    window.addEventListener('hashchange', follow);
    // The store took its route from the address when the app started. A link followed after that
    // but before this listener was attached (the app still starting, longest on a busy machine)
    // fired an event no one heard: follow it now, or the effect below writes the old place over it.
    if (window.location.hash !== routeToHash(store.getState().route)) follow();
    return () => window.removeEventListener('hashchange', follow);
  }, [store]);
  useEffect(() => {
    // This render's route only while it is still the store's: the effect above may just have followed the address.
    const hash = routeToHash(route);
    if (route === store.getState().route && window.location.hash !== hash) window.location.hash = hash;
  }, [route, store]);
  return route;
}
