// @vitest-environment happy-dom
// A lazily loaded page waits for its code on a first visit, and renders in the same commit,
// with no fallback at all, once its code was preloaded.

import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPage } from '../../../renderer/app/lazy-page';

afterEach(cleanup);

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A page whose code arrives when the test says so, and a record of every fallback rendered. */
function setup() {
  let deliver: (component: typeof Greeting) => void = () => undefined;
  const code = new Promise<typeof Greeting>((resolve) => (deliver = resolve));
  const page = lazyPage(() => code);
  const fallbacks: string[] = [];
  function Fallback() {
    fallbacks.push('shown');
    return <p>Loading…</p>;
  }
  const ui = (
    <Suspense fallback={<Fallback />}>
      <page.Page name="Ada" />
    </Suspense>
  );
  return { page, ui, fallbacks, deliver: (component: typeof Greeting) => deliver(component) };
}

describe('lazyPage', () => {
  it('shows the fallback on a first visit, then the page once its code arrives', async () => {
    const { ui, fallbacks, deliver } = setup();
    render(ui);
    expect(screen.getByText('Loading…')).toBeTruthy();
    await act(async () => deliver(Greeting));
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
    expect(fallbacks.length).toBeGreaterThan(0);
  });

  it('renders a preloaded page in its first commit, never showing the fallback', async () => {
    const { page, ui, fallbacks, deliver } = setup();
    const preloaded = page.preload();
    deliver(Greeting);
    await preloaded;
    render(ui);
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(fallbacks).toEqual([]);
  });
});
