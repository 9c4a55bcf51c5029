// The state of mapping a file's fields: the fields the mapping worker found, the lead's choices
// (prefilled by a first guess or a saved preset: targets, raters' and judges' label columns, value
// maps), the worker's check of each choice, and the three ends: save the preset by name, export it
// for the command line, or import the mapped study with its raters' labels.

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { formatErrorText } from '../../../shared/formats/errors';
import { suggestMapping } from '../../../shared/formats/importers/mapping-suggest';
import {
  MAPPING_FORMAT,
  mappingPresetFromJson,
  serializeMappingPreset,
  type MappingPreset,
  type MappingTarget,
} from '../../../shared/formats/importers/mapping-preset';
import type { RecordsAt } from '../../../shared/formats/importers/mapping-records';
import type { TurnType, ValueMap, ValueTarget } from '../../../shared/formats/importers/mapping-values';
import type { OpenedFile } from '../../../shared/platform/studio-platform';
import { usePreferences, useServices } from '../../services/services';
import type { MappingCheck, MappingFields } from '../../workers/mapping-protocol';
import { useImportMapped } from './useImportFiles';

/** How many records the preview shows. */
const PREVIEW_ROWS = 5;

export interface MappingDraft {
  name: string;
  fields: Partial<Record<MappingTarget, string>>;
  /** The turn kind values, comma-separated as the lead types them. */
  questionKinds: string;
  finalKinds: string;
  player: string;
  judge: string;
  /** Human raters' label columns; a blank id is the one the header gives, a name kept from a preset. */
  raters: Array<{ field: string; id: string; name?: string }>;
  /** Judges' label columns; a blank name is the header. */
  judges: Array<{ field: string; name: string }>;
  /** The lead's value maps, by label column; a value not in them is read by the reply rule. */
  values: Record<string, ValueMap>;
}

const list = (text: string) =>
  text
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');

/** The draft as a preset, or why it is not one yet (checked by the preset file's own rules). */
function presetOfDraft(draft: MappingDraft, at: RecordsAt): { preset: MappingPreset } | { problem: string } {
  const questionKinds = list(draft.questionKinds);
  const finalKinds = list(draft.finalKinds);
  const labelFields = new Set([...draft.raters.map((rater) => rater.field), ...draft.judges.map((judge) => judge.field)]);
  if (draft.fields.judgeLabel !== undefined) labelFields.add(draft.fields.judgeLabel);
  // A value map is kept while its column is a label column: unticking a column then ticking it again keeps what was chosen.
  const values = Object.fromEntries(Object.entries(draft.values).filter(([field]) => labelFields.has(field)));
  const raw = {
    format: MAPPING_FORMAT,
    name: draft.name.trim() === '' ? 'Unnamed mapping' : draft.name.trim(),
    ...(at.path !== undefined || at.sheet !== undefined ? { records: at } : {}),
    fields: draft.fields,
    ...(draft.fields.turnKind !== undefined
      ? { turnKinds: { ...(questionKinds.length > 0 ? { question: questionKinds } : {}), ...(finalKinds.length > 0 ? { final: finalKinds } : {}) } }
      : {}),
    ...(draft.player.trim() !== '' || draft.judge.trim() !== ''
      ? {
          constants: {
            ...(draft.player.trim() !== '' ? { player: draft.player.trim() } : {}),
            ...(draft.judge.trim() !== '' ? { judge: draft.judge.trim() } : {}),
          },
        }
      : {}),
    ...(draft.raters.length > 0
      ? {
          raters: draft.raters.map((rater) => ({
            field: rater.field,
            ...(rater.id.trim() !== '' ? { id: rater.id.trim() } : {}),
            ...(rater.name !== undefined ? { name: rater.name } : {}),
          })),
        }
      : {}),
    ...(draft.judges.length > 0
      ? { judges: draft.judges.map((judge) => ({ field: judge.field, ...(judge.name.trim() !== '' ? { name: judge.name.trim() } : {}) })) }
      : {}),
    ...(Object.keys(values).length > 0 ? { values } : {}),
  };
  if (raw.fields.story === undefined || raw.fields.reference === undefined) return { problem: 'Pick the fields that hold the story and the reference.' };
  const checked = mappingPresetFromJson('the mapping', raw);
  return checked.ok ? { preset: checked.value } : { problem: checked.errors.map(formatErrorText).join('; ') };
}

function draftOfPreset(preset: MappingPreset): MappingDraft {
  return {
    name: preset.name,
    fields: { ...preset.fields },
    questionKinds: (preset.turnKinds?.question ?? []).join(', '),
    finalKinds: (preset.turnKinds?.final ?? []).join(', '),
    player: preset.constants?.player ?? '',
    judge: preset.constants?.judge ?? '',
    raters: (preset.raters ?? []).map((rater) => ({ field: rater.field, id: rater.id ?? '', ...(rater.name !== undefined ? { name: rater.name } : {}) })),
    judges: (preset.judges ?? []).map((judge) => ({ field: judge.field, name: judge.name ?? '' })),
    values: structuredClone(preset.values ?? {}),
  };
}

const EMPTY_DRAFT: MappingDraft = { name: '', fields: {}, questionKinds: '', finalKinds: '', player: '', judge: '', raters: [], judges: [], values: {} };

/** The draft with one value of a label column mapped to `target` on turns of this kind. */
export function withValue(draft: MappingDraft, field: string, type: TurnType, value: string, target: ValueTarget): MappingDraft {
  const map = draft.values[field] ?? {};
  return { ...draft, values: { ...draft.values, [field]: { ...map, [type]: { ...map[type], [value]: target } } } };
}

export function useFieldMapping(files: OpenedFile[]) {
  const { platform, preferences, workers } = useServices();
  const saved = usePreferences((state) => state.mappingPresets);
  const storeMapped = useImportMapped();
  const [at, setAt] = useState<RecordsAt>({});
  // Each answer of the worker is kept with the question it answers, so a stale one is never shown.
  const [openedFor, setOpenedFor] = useState<{ at: RecordsAt; result: MappingFields }>();
  const [draft, setDraft] = useState<MappingDraft>(EMPTY_DRAFT);
  const [checkFor, setCheckFor] = useState<{ preset: MappingPreset; result: MappingCheck }>();
  const [message, setMessage] = useState<string>();
  // The first guess is made once, from the first fields read; later reads keep the lead's choices.
  const guessed = useRef(false);

  useEffect(() => {
    let current = true;
    workers.mapping.open(files, at).then(
      (result) => {
        if (!current) return;
        setOpenedFor({ at, result });
        if (result.ok && !guessed.current) {
          guessed.current = true;
          setDraft((before) => ({ ...before, fields: suggestMapping(result.fieldNames) }));
        }
      },
      (error: unknown) =>
        current && setOpenedFor({ at, result: { ok: false, errors: [{ file: files.map((file) => file.name).join(', '), path: '', message: String(error) }] } }),
    );
    return () => {
      current = false;
    };
  }, [files, at, workers]);

  const opened = openedFor?.at === at ? openedFor.result : undefined;
  const built = useMemo(() => presetOfDraft(draft, at), [draft, at]);
  const check = 'preset' in built && checkFor?.preset === built.preset ? checkFor.result : undefined;
  // The value maps show the last columns the worker counted while it counts again, so a choice does not make them flicker.
  const columns = checkFor?.result.columns ?? [];

  useEffect(() => {
    if (opened?.ok !== true || !('preset' in built)) return;
    let current = true;
    const { preset } = built;
    workers.mapping.check(preset, PREVIEW_ROWS).then(
      (result) => current && setCheckFor({ preset, result }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [opened, built, workers]);

  const choosePreset = useCallback(
    (name: string) => {
      const preset = saved.find((item) => item.name === name);
      if (preset === undefined) return;
      // A preset chosen before the fields are read is the lead's choice: the first guess must not replace it.
      guessed.current = true;
      setDraft(draftOfPreset(preset));
      // The same place keeps the records already read; another one reads them again.
      const next = preset.records ?? {};
      setAt((before) => (before.path === next.path && before.sheet === next.sheet ? before : next));
    },
    [saved],
  );

  const savePreset = () => {
    if (!('preset' in built)) return;
    if (draft.name.trim() === '') return setMessage('Name the preset before saving it.');
    preferences.getState().saveMappingPreset(built.preset);
    setMessage(`Saved the preset "${built.preset.name}".`);
  };

  const exportPreset = async () => {
    if (!('preset' in built)) return;
    const result = await platform.saveFile({
      suggestedName: `${built.preset.name.replace(/[^\p{L}\p{N}._-]+/gu, '-')}.mapping.json`,
      text: serializeMappingPreset(built.preset),
      mimeType: 'application/json',
    });
    if (result.saved) setMessage(`Exported the preset as ${result.name}.`);
  };

  const importMapped = async () => {
    if (!('preset' in built)) return;
    const mapped = await workers.mapping.build(built.preset);
    if (!mapped.ok) return setMessage(mapped.errors.map(formatErrorText).join('; '));
    await storeMapped(mapped.study, mapped.fileNames, built.preset.name);
  };

  const ready = 'preset' in built && check !== undefined && check.problems.length === 0 && check.needs.length === 0 && check.counts !== undefined;
  return { at, setAt, opened, draft, setDraft, built, check, columns, saved, choosePreset, savePreset, exportPreset, importMapped, ready, message };
}
