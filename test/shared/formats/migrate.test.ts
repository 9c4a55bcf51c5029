// Proves the upgrade path of migrate.ts: with a step passed in, a file of the older version is
// upgraded and then read as if this version had written it, a damaged older file is still
// refused, and a newer file is refused with the "newer" reason whatever steps there are.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildBackup, parseBackup, serializeBackup } from '../../../shared/formats/backup';
import { withChecksum } from '../../../shared/formats/format-header';
import { buildLabelFile, parseLabelFile, serializeLabelFile } from '../../../shared/formats/label-file';
import { mappingPresetFromJson } from '../../../shared/formats/importers/mapping-preset';
import { UPGRADES, upgradePath, type UpgradeStep } from '../../../shared/formats/migrate';
import { parseTranscriptBundle } from '../../../shared/formats/transcript-bundle';
import { errorsOf } from './parse-results';

const current = buildLabelFile({
  studyId: 'pilot-2026',
  annotator: { id: 'ann-03', name: 'Annotator 3' },
  exportedAt: '2026-11-22T10:00:00Z',
  app: 'agreement-studio 0.1.0',
  labels: [{ unit: 's-17/1', task: 'answer', value: 'no', at: '2026-11-22T09:12:03Z', rev: 1, unsure: false, note: '' }],
});

/** An imagined version 0 of the label file: the export time was called `exported`. */
function versionZero(): Record<string, unknown> {
  const { exportedAt, ...rest } = JSON.parse(serializeLabelFile(current)) as Record<string, unknown>;
  delete rest.sha256;
  return withChecksum({ ...rest, format: 'agreement-studio.labels/0', exported: exportedAt });
}

const renameExported: UpgradeStep = {
  kind: 'labels',
  from: 0,
  up: ({ exported, ...rest }) => ({ ...rest, exportedAt: exported }),
};

/** The imagined step with the app's own, which take the file on from version 1. */
const withRename: UpgradeStep[] = [renameExported, ...UPGRADES];

const file = (content: unknown) => ({ name: 'ann-03.labels.json', text: JSON.stringify(content) });

describe('upgrading an older format', () => {
  it('reads an older label file through its step, as this version would have written it', () => {
    expect(parseLabelFile(file(versionZero()), { upgrades: withRename })).toEqual({ ok: true, value: current });
  });

  it('refuses the older file without a step, with the "older" reason as before', () => {
    expect(errorsOf(parseLabelFile(file(versionZero())))).toEqual([
      {
        file: 'ann-03.labels.json',
        path: 'format',
        message:
          'this file is agreement-studio.labels/0, older than the version this app reads (agreement-studio.labels/2); write it again as agreement-studio.labels/2',
      },
    ]);
  });

  it('reads an older backup through its step, with the checksum of what this version would write', () => {
    const demo = parseTranscriptBundle(
      { name: 'demo-study.json', text: readFileSync(new URL('../../../assets/demo-study.json', import.meta.url), 'utf8') },
      { now: '2026-11-22T10:00:00.000Z' },
    );
    if (!demo.ok) throw new Error('the demo study does not read');
    const { study, puzzles, sessions, turns } = demo.value;
    const backup = buildBackup(
      { study, puzzles, sessions, turns, annotators: [], labels: [], assignments: [], gold: [], audit: [] },
      { createdAt: '2026-11-22T10:00:00.000Z', app: 'agreement-studio test' },
    );
    const { createdAt, ...rest } = JSON.parse(serializeBackup(backup)) as Record<string, unknown>;
    delete rest.sha256;
    const older = withChecksum({ ...rest, format: 'agreement-studio.backup/0', created: createdAt });
    const step: UpgradeStep = { kind: 'backup', from: 0, up: ({ created, ...others }) => ({ ...others, createdAt: created }) };
    expect(parseBackup({ name: 'study.backup.json', text: JSON.stringify(older) }, [step, ...UPGRADES])).toEqual({ ok: true, value: backup });
  });

  it('checks the checksum of what was written, before upgrading', () => {
    const edited = { ...versionZero(), app: 'someone else' };
    expect(errorsOf(parseLabelFile(file(edited), { upgrades: withRename }))).toEqual([
      { file: 'ann-03.labels.json', path: 'sha256', message: 'the file is damaged or was edited: checksum mismatch' },
    ]);
  });

  it('still refuses a newer file with the "newer" reason', () => {
    const newer = withChecksum({ ...versionZero(), format: 'agreement-studio.labels/3' });
    const steps: UpgradeStep[] = [...withRename, { kind: 'labels', from: 3, up: (document) => document }];
    expect(errorsOf(parseLabelFile(file(newer), { upgrades: steps }))).toEqual([
      {
        file: 'ann-03.labels.json',
        path: 'format',
        message:
          'this file is agreement-studio.labels/3, newer than the version this app reads (agreement-studio.labels/2); update Agreement Studio to open it',
      },
    ]);
  });

  it('applies a step only to its own kind', () => {
    const preset = { format: 'agreement-studio.mapping/0', name: 'runs' };
    expect(errorsOf(mappingPresetFromJson('runs.json', preset, [renameExported]))[0]?.message).toMatch(/^this file is agreement-studio.mapping\/0, older than/);
  });

  it('needs every step from the file version to this one', () => {
    const steps: UpgradeStep[] = [{ kind: 'pack', from: 1, up: (document) => document }];
    expect(upgradePath(steps, 'pack', 0, 2)).toBeUndefined();
    expect(upgradePath(steps, 'pack', 1, 2)).toEqual(steps);
    expect(upgradePath(steps, 'pack', 2, 2)).toEqual([]);
  });
});
