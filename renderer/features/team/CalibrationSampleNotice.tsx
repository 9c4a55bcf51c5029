// Says that the study's assignment is a calibration sample, how it was drawn and how many puzzles
// it chose, so the lead sees why only some puzzles are assigned.

import type { CalibrationSample } from '../../../shared/domain/model';
import { sampleText } from './calibration-text';

export function CalibrationSampleNotice({ sample }: { sample: CalibrationSample }) {
  return (
    <p className="notice" data-testid="calibration-sample" data-rule={sample.rule} data-chosen={sample.chosen.length} data-budget={sample.budget}>
      {sampleText(sample)}
    </p>
  );
}
