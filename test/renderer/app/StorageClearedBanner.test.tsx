// @vitest-environment happy-dom
// The alert a start shows when the browser cleared the studio's storage: what was lost, how to
// get it back, a request for persistent storage with its answer, and dismissal; nothing otherwise.

import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StorageClearedBanner } from '../../../renderer/app/StorageClearedBanner';
import { ServicesProvider } from '../../../renderer/services/services';
import { StudioDatabase } from '../../../renderer/db/database';
import { markerKey } from '../../../renderer/db/eviction';
import { importStudies } from '../../../renderer/db/import-study';
import { demoStudy, testServices } from '../features/labelling/workspace-fixtures';

const opened: StudioDatabase[] = [];
let counter = 0;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const db of opened.splice(0)) db.close();
});

/** Renders the banner over a database (holding the demo study when `withStudy`), with `marker` in localStorage. */
async function renderBanner(marker: string | undefined, withStudy = false) {
  counter += 1;
  const db = new StudioDatabase(`banner-test-${counter}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  opened.push(db);
  if (withStudy) await importStudies(db, [demoStudy()]);
  const services = testServices(db);
  if (marker !== undefined) window.localStorage.setItem(markerKey(db.name), marker);
  render(
    <ServicesProvider services={services}>
      <StorageClearedBanner />
    </ServicesProvider>,
  );
  return db;
}

describe('StorageClearedBanner', () => {
  it('says what was lost, how to get it back and how to keep it, as an alert, until dismissed', async () => {
    await renderBanner('{"studies":3}');
    const banner = await screen.findByRole('alert');
    expect(banner.getAttribute('data-testid')).toBe('storage-cleared');
    expect(banner.textContent).toMatch(/^The browser cleared the studio’s storage\./);
    expect(banner.textContent).toMatch(/held 3 studies; at this start it held none\./);
    expect(banner.textContent).toMatch(/restore it from a backup, or import the transcript bundles or packs again and then the label files/);
    expect(banner.textContent).toMatch(/export your labels regularly/);

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('counts what is left when only some studies remain', async () => {
    await renderBanner('{"studies":2}', true);
    expect((await screen.findByRole('alert')).textContent).toMatch(/held 2 studies; at this start it held only 1 study\./);
  });

  it('asks for persistent storage and says what the browser answered', async () => {
    const persist = vi.fn(async () => true);
    vi.stubGlobal('navigator', { storage: { persisted: async () => false, persist, estimate: async () => ({}) } });
    await renderBanner('{"studies":1}');
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('button', { name: 'Keep storage persistently' }));
    expect(await screen.findByText('The browser now keeps the studio’s storage.')).toBeTruthy();
    expect(persist).toHaveBeenCalledTimes(1);

    vi.stubGlobal('navigator', { storage: { persisted: async () => false, persist: async () => false, estimate: async () => ({}) } });
    fireEvent.click(screen.getByRole('button', { name: 'Keep storage persistently' }));
    expect(await screen.findByText('The browser declined; export your labels after each session.')).toBeTruthy();
  });

  it('shows nothing on a first start, or when the library holds what it held', async () => {
    await renderBanner(undefined);
    await renderBanner('{"studies":1}', true);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
