// @vitest-environment happy-dom
// The header's mode switch: the mode always shown, annotator mode entered at once, lead mode
// only after a confirmation, the choice persisted, and a lock reason shown instead of the switch.

import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPreferencesStore, PREFERENCES_STORAGE_KEY } from '../../../../renderer/services/preferences-store';
import { ModeSwitch } from '../../../../renderer/features/mode/ModeSwitch';
import { closeDatabases, freshDatabase, renderWithServices, testServices } from './mode-fixtures';

const CONFIRMATION = 'Lead mode shows judge labels and agreement figures. Switch?';

function storedMode(): unknown {
  const stored = window.localStorage.getItem(PREFERENCES_STORAGE_KEY);
  return stored === null ? undefined : (JSON.parse(stored) as { state: { mode: unknown } }).state.mode;
}

beforeEach(() => window.localStorage.clear());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  closeDatabases();
});

describe('ModeSwitch', () => {
  it('shows lead mode as a badge with an explanation and enters annotator mode without asking', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const services = testServices(await freshDatabase(), 'lead');
    renderWithServices(<ModeSwitch />, services);

    const badge = screen.getByTestId('mode');
    expect(badge.textContent).toBe('Lead mode');
    expect(badge.className).toContain('mode-lead');
    expect(badge.getAttribute('title')).toMatch(/judge labels.*agreement figures are shown/);

    fireEvent.click(screen.getByRole('button', { name: 'Switch to annotator mode' }));
    expect(confirm).not.toHaveBeenCalled();
    expect(screen.getByTestId('mode').textContent).toBe('Annotator mode');
    expect(screen.getByTestId('mode').className).not.toContain('mode-lead');
    expect(services.preferences.getState().mode).toBe('annotator');
    expect(storedMode()).toBe('annotator');
  });

  it('stays in annotator mode when the confirmation is declined', async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const services = testServices(await freshDatabase(), 'annotator');
    renderWithServices(<ModeSwitch />, services);

    fireEvent.click(screen.getByRole('button', { name: 'Switch to lead mode…' }));
    expect(confirm).toHaveBeenCalledExactlyOnceWith(CONFIRMATION);
    expect(screen.getByTestId('mode').textContent).toBe('Annotator mode');
    expect(services.preferences.getState().mode).toBe('annotator');
  });

  it('enters lead mode once confirmed, and a new store (a restart) reads the choice back', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const services = testServices(await freshDatabase(), 'annotator');
    renderWithServices(<ModeSwitch />, services);

    fireEvent.click(screen.getByRole('button', { name: 'Switch to lead mode…' }));
    expect(confirm).toHaveBeenCalledExactlyOnceWith(CONFIRMATION);
    expect(screen.getByTestId('mode').textContent).toBe('Lead mode');
    expect(createPreferencesStore(window.localStorage).getState().mode).toBe('lead');
  });

  it('shows the lock reason instead of the switch', async () => {
    renderWithServices(<ModeSwitch lockedReason="Opened from a pack" />, testServices(await freshDatabase(), 'annotator'));
    expect(screen.getByTestId('mode').textContent).toBe('Annotator mode');
    expect(screen.getByTestId('mode-locked').textContent).toBe('Opened from a pack');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
