// The report's settings bar: micro or macro average, bootstrap resamples, seed, what a replicate
// draws (puzzles or units), the paired test (bootstrap-t or exact McNemar), selective evaluation's target, whether the lead's gold labels count as one more rater, unsure labels,
// and the study's settings for unparseable judge replies and its annotators' expertise. Enter
// applies typed numbers at once.

import { useId, type FormEvent } from 'react';
import { ANNOTATOR_EXPERTISE, type AnnotatorExpertise } from '../../../shared/domain/model';
import { ALT_TEST_EPSILON } from '../../../shared/stats/judge/alt-test';
import { ChoiceChips } from './ChoiceChips';
import type { ReportSettingsState } from './useReportSettings';

function isExpertise(value: string): value is AnnotatorExpertise {
  return (ANNOTATOR_EXPERTISE as readonly string[]).includes(value);
}

const AVERAGES = ['micro', 'macro'] as const;

/** Selective evaluation's targets to choose from: the agreement a judge's kept labels must reach, and the risk they do not. */
const SELECTIVE_AGREEMENTS = [0.8, 0.85, 0.9, 0.95, 0.99] as const;
const SELECTIVE_RISKS = [0.05, 0.1, 0.2] as const;

const percent = (share: number) => `${Math.round(share * 100)}%`;

const AVERAGE_TEXT: Record<(typeof AVERAGES)[number], { text: string; title: string }> = {
  micro: { text: 'Micro', title: 'Share of all comparisons that agree (SPEC §4)' },
  macro: { text: 'Macro', title: 'Mean of the per-unit agreement' },
};

export function ReportSettings({ settings }: { settings: ReportSettingsState }) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    settings.commitNow();
  };
  return (
    <form className="card report-settings" aria-label="Report settings" onSubmit={submit} noValidate>
      <ChoiceChips
        label="Average"
        options={AVERAGES}
        chosen={settings.average}
        onChoose={settings.setAverage}
        attribute="average"
        text={(average) => AVERAGE_TEXT[average].text}
        title={(average) => AVERAGE_TEXT[average].title}
      />
      <label className="inline-field">
        <span>Bootstrap resamples</span>
        <input
          data-testid="report-bootstrap"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          value={settings.bootstrapText}
          onChange={(event) => settings.setBootstrapText(event.target.value)}
          aria-describedby={`${id}-problems`}
        />
      </label>
      <label className="inline-field">
        <span>Seed</span>
        <input
          data-testid="report-seed"
          type="number"
          step={1}
          inputMode="numeric"
          value={settings.seedText}
          onChange={(event) => settings.setSeedText(event.target.value)}
          aria-describedby={`${id}-problems`}
        />
      </label>
      <label
        className="inline-field"
        title="What a bootstrap replicate draws. Puzzles: whole puzzles, each with all its questions and final answers, which share its story, sessions and annotators. Units: single questions and final answers, as if they were independent."
      >
        <span>Resample</span>
        <select
          data-testid="report-resample"
          value={settings.resample}
          onChange={(event) => settings.setResample(event.target.value === 'units' ? 'units' : 'puzzles')}
        >
          <option value="puzzles">Puzzles</option>
          <option value="units">Units</option>
        </select>
      </label>
      <label
        className="inline-field"
        title="The test of judge against judge and of leniency against severity. Bootstrap-t: from the same replicates as the interval beside it, so p < 0.05 exactly when the 95% interval leaves 0 out. Exact McNemar: counts units as independent, right only for data whose units are (a puzzle's units usually are not)."
      >
        <span>Paired test</span>
        <select
          data-testid="report-paired-test"
          value={settings.pairedTest}
          onChange={(event) => settings.setPairedTest(event.target.value === 'exact-mcnemar' ? 'exact-mcnemar' : 'bootstrap-t')}
        >
          <option value="bootstrap-t">Bootstrap-t</option>
          <option value="exact-mcnemar">Exact McNemar</option>
        </select>
      </label>
      <label
        className="inline-field"
        title="Selective evaluation (Trust or Escalate): a judge's labels are kept at and above the confidence where they agree with people at least this often, with at most this risk that they do not; the rest go to people."
      >
        <span>Keep a judge's labels at</span>
        <select
          data-testid="report-selective-agreement"
          aria-label="Target agreement with people"
          value={settings.selectiveAgreement}
          onChange={(event) => settings.setSelectiveAgreement(Number(event.target.value))}
        >
          {SELECTIVE_AGREEMENTS.map((value) => (
            <option key={value} value={value}>
              {percent(value)} agreement
            </option>
          ))}
        </select>
        <select
          data-testid="report-selective-risk"
          aria-label="Risk of missing the target agreement"
          value={settings.selectiveRisk}
          onChange={(event) => settings.setSelectiveRisk(Number(event.target.value))}
        >
          {SELECTIVE_RISKS.map((value) => (
            <option key={value} value={value}>
              risk {percent(value)}
            </option>
          ))}
        </select>
      </label>
      <label className="inline-field">
        <input data-testid="include-gold" type="checkbox" checked={settings.includeGold} onChange={(event) => settings.setIncludeGold(event.target.checked)} />
        <span>Gold labels as a rater</span>
      </label>
      <label className="inline-field" title="Labels an annotator marked unsure (S) count like any other unless left out.">
        <input
          data-testid="leave-out-unsure"
          type="checkbox"
          checked={settings.leaveOutUnsure}
          onChange={(event) => settings.setLeaveOutUnsure(event.target.checked)}
        />
        <span>Leave out unsure labels</span>
      </label>
      <label
        className="inline-field"
        title="Judge replies the import could not read as a label. Left out: they take no part in any figure. Counted as a disagreement: each disagrees with every human label, as TurtleBench scores them. Saved with the study."
      >
        <span>Unparseable judge replies</span>
        <select
          data-testid="unparseable-replies"
          value={settings.unparseable}
          onChange={(event) => settings.setUnparseable(event.target.value === 'disagreement' ? 'disagreement' : 'left-out')}
        >
          <option value="left-out">Left out</option>
          <option value="disagreement">Counted as a disagreement</option>
        </select>
      </label>
      <label
        className="inline-field"
        title="How expert the study's annotators are. It sets the Alt-Test's epsilon, how much worse than a person a judge may be and still pass: 0.2 for experts, 0.15 for skilled annotators, 0.1 for crowd workers (Calderon et al., 2025). Saved with the study."
      >
        <span>Annotators</span>
        <select
          data-testid="annotator-expertise"
          value={settings.expertise}
          onChange={(event) => {
            if (isExpertise(event.target.value)) settings.setExpertise(event.target.value);
          }}
        >
          {ANNOTATOR_EXPERTISE.map((level) => (
            <option key={level} value={level}>
              {level} ({ALT_TEST_EPSILON[level]})
            </option>
          ))}
        </select>
      </label>
      {/* Submitting with Enter needs a submit control; it is for keyboards only. */}
      <button type="submit" className="visually-hidden" tabIndex={-1}>
        Apply
      </button>
      <div id={`${id}-problems`} className="report-settings-problems" role="alert">
        {settings.problems.map((problem) => (
          <div key={problem}>{problem}</div>
        ))}
      </div>
    </form>
  );
}
