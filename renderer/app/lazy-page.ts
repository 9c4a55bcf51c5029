// A page whose code loads on first use, and renders at once once its code is in.

import { createElement, lazy, type ComponentType } from 'react';

/**
 * `Page` renders the component `load` resolves to; `preload` starts loading it early. Once the
 * code is in (preloaded, or after a first visit) the page renders at once: a React.lazy
 * component suspends on its first render however early its code arrived, and React then keeps
 * the Suspense fallback on screen for at least 300 ms.
 */
export function lazyPage<Props extends object>(load: () => Promise<ComponentType<Props>>): { Page: ComponentType<Props>; preload: () => Promise<unknown> } {
  let loaded: ComponentType<Props> | undefined;
  const preload = () => load().then((component) => (loaded = component));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Page(props: Props) {
    return createElement(loaded ?? Lazy, props);
  }
  return { Page, preload };
}
