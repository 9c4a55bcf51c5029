// @vitest-environment happy-dom
// The Help page's two paths over a real (fake-indexeddb) database: every step links to a page the
// app's routes know, of the study chosen; the lead's path names the Judges page, the mapping step
// and the report's Judges section; the annotator's names the keys as the user has them.

import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HelpView } from '../../../../renderer/features/help/HelpView';
import { ANNOTATOR_PATH, LEAD_PATH } from '../../../../renderer/features/help/help-steps';
import { parseRoute, routeToHash } from '../../../../renderer/services/routes';
import { closeDatabases, freshDatabase, renderWithServices, testServices } from '../mode/mode-fixtures';
import { demo, studyId } from '../team/team-fixtures';

beforeEach(() => window.localStorage.clear());

afterEach(() => {
  cleanup();
  closeDatabases();
});

async function renderHelp(studies = [demo]) {
  const services = testServices(await freshDatabase(studies), 'lead');
  renderWithServices(<HelpView />, services);
  return services;
}

function stepOf(path: 'lead' | 'annotator', step: string): HTMLElement {
  const item = screen.getByTestId(`help-path-${path}`).querySelector<HTMLElement>(`li[data-step="${step}"]`);
  if (item === null) throw new Error(`no step ${step} in the ${path} path`);
  return item;
}

describe('the Help page', () => {
  it('links every step of both paths to a page the routes know, of the chosen study or the library', async () => {
    await renderHelp();
    await screen.findByTestId('help-study');
    const steps = [...LEAD_PATH.steps.map((step) => stepOf('lead', step.id)), ...ANNOTATOR_PATH.steps.map((step) => stepOf('annotator', step.id))];
    const hrefs = steps.flatMap((step) => {
      const links = within(step).getAllByTestId('help-step-link');
      expect(links.length, step.dataset.step).toBeGreaterThan(0);
      return links.map((link) => link.getAttribute('href') ?? '');
    });
    console.log('help step links:', [...new Set(hrefs)].join(' '));
    for (const href of hrefs) {
      const route = parseRoute(href);
      // parseRoute reads anything it does not know as the library: only '#/' may land there.
      if (route.view === 'library') expect(href).toBe('#/');
      expect(routeToHash(route), href).toBe(href);
      if ('studyId' in route) expect(route.studyId).toBe(studyId);
    }
    expect(screen.queryAllByTestId('help-unlinked-page')).toEqual([]);
  });

  it('names the Judges page, the mapping step and the report’s Judges section in the lead’s path', async () => {
    await renderHelp();
    await screen.findByTestId('help-study');
    const lead = within(screen.getByTestId('help-path-lead'));
    expect(lead.getByRole('heading', { name: 'Run a judge on the Judges page' })).toBeTruthy();
    expect(lead.getAllByRole('link', { name: 'Judges page' }).map((link) => link.getAttribute('href'))).toEqual([
      `#/study/${studyId}/judges`,
      `#/study/${studyId}/judges`,
    ]);
    const mapping = within(stepOf('lead', 'mapping'));
    expect(mapping.getByRole('heading', { name: 'Map the fields of an unknown layout' })).toBeTruthy();
    expect(stepOf('lead', 'mapping').textContent).toContain('Map fields…');
    const report = within(stepOf('lead', 'report'));
    expect(report.getByRole('heading', { name: 'Read the report and its Judges section' })).toBeTruthy();
    expect(report.getByRole('link', { name: 'Report page' }).getAttribute('href')).toBe(`#/study/${studyId}/report`);
    expect([...stepOf('lead', 'report').querySelectorAll('dt')].map((term) => term.textContent)).toEqual([
      'Agreement',
      'Kappa (κ)',
      'Leniency',
      'Alt-Test',
      'Fitness card',
    ]);
    expect(screen.getByTestId('help-guide-lead').textContent).toContain('docs/lead.md');
    expect(screen.getByTestId('help-guide-annotator').textContent).toContain('docs/annotator.md');
  });

  it('names the keys in the annotator’s path as the user has remapped them', async () => {
    const services = await renderHelp();
    await screen.findByTestId('help-study');
    expect(stepOf('annotator', 'unsure').textContent).toContain('S marks the unit unsure and E writes a note');
    expect(stepOf('annotator', 'keys').textContent).toContain('Y / 1 for yes, N / 2 for no');
    services.preferences.getState().setKeyOverrides({ unsure: ['q'], note: [] });
    await screen.findByText(/Q marks the unit unsure and \(no key\) writes a note/);
  });

  it('links the steps to the study the user chooses', async () => {
    const other = { ...demo, study: { ...demo.study, id: 'other-study', name: 'Other study' } };
    await renderHelp([demo, other]);
    fireEvent.change(await screen.findByTestId('help-study'), { target: { value: 'other-study' } });
    const teamLink = () => within(stepOf('lead', 'assign')).getByRole('link', { name: 'Team page' }).getAttribute('href');
    await vi.waitFor(() => expect(teamLink()).toBe('#/study/other-study/team'));
  });

  it('links only the library and the invitation when there is no study yet', async () => {
    await renderHelp([]);
    await screen.findByText('Import a study and each step below links to its page.');
    const hrefs = screen.getAllByTestId('help-step-link').map((link) => link.getAttribute('href'));
    expect(new Set(hrefs)).toEqual(new Set(['#/', '#/invitation']));
    expect(within(stepOf('lead', 'judge-run')).getByTestId('help-unlinked-page').textContent).toBe('Judges page (choose a study above)');
  });
});
