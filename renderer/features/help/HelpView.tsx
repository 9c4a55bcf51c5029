// The Help page: what the studio is for, the lead's and the annotator's path through it, and
// every key, read from the key map (with the user's own remapping) so it never drifts from
// what the keys do.

import { useMemo } from 'react';
import { usePreferences } from '../../services/services';
import { ACTIONS, buildKeyMap, displayKey, type ActionInfo } from '../settings';
import { TASK_TITLES } from '../../../shared/domain/task-words';

const GROUPS: { title: string; keep: (info: ActionInfo) => boolean }[] = [
  { title: TASK_TITLES.answer, keep: (info) => info.task === 'answer' },
  { title: TASK_TITLES.match, keep: (info) => info.task === 'match' },
  { title: TASK_TITLES.difficulty, keep: (info) => info.task === 'difficulty' },
  { title: 'In every task', keep: (info) => info.task === undefined },
];

export function HelpView() {
  const overrides = usePreferences((state) => state.keyOverrides);
  const keyMap = useMemo(() => buildKeyMap(overrides), [overrides]);
  return (
    <article className="help-page" data-testid="help-page" aria-labelledby="help-title">
      <h1 id="help-title">Help</h1>
      <p>
        Agreement Studio checks whether an LLM judge of situation puzzles agrees with people. People re-label what the judge decided (the answer to each
        question, whether each final answer matched, how hard each puzzle is) without seeing the judge, and the studio measures how often humans agree with the
        judge and with each other. Everything stays on this computer.
      </p>

      <h2>The study lead&rsquo;s path</h2>
      <ol>
        <li>Import transcript bundles on the Studies page (or drop the files on the window); each becomes a study.</li>
        <li>
          On the study&rsquo;s Team page, say whether annotators may mark every acceptable answer on a question (for questions with more than one right answer),
          name the annotators, assign who labels what, and write one blind pack per annotator.
        </li>
        <li>Send each annotator their pack; bring their label files back on the Team page and watch the coverage fill up.</li>
        <li>Open the Report for agreement per difficulty bucket, resolve disagreements in Adjudicate, and export the dataset and the tables.</li>
      </ol>

      <h2>The annotator&rsquo;s path</h2>
      <ol>
        <li>Open your pack on the Studies page (or drop it on the window). The studio switches to annotator mode: no judge labels, no figures.</li>
        <li>Open a task and label with one key per unit; each label is saved at once and the next unit appears.</li>
        <li>
          If your study lets you mark every acceptable answer, an answer key marks or unmarks that answer instead, first the one you would give if you had to
          pick one, and Enter saves the marked answers and brings the next question.
        </li>
        <li>Mark a unit unsure or leave a note when in doubt; the guidelines are one key away.</li>
        <li>When done, choose Export my labels and send the label file back to your study lead.</li>
      </ol>

      <h2>Keys in the labelling workspace</h2>
      <p className="muted small">Keys typed into a text field never label. Change them in the workspace&rsquo;s Settings; this list follows your changes.</p>
      {GROUPS.map((group) => (
        <section key={group.title}>
          <h3>{group.title}</h3>
          <table className="data-table shortcut-table compact-table" data-testid="help-keys">
            <tbody>
              {ACTIONS.filter(group.keep).map((info) => {
                const keys = keyMap.keysOf(info.action);
                return (
                  <tr key={info.action} data-action={info.action}>
                    <td>{info.description}</td>
                    <td>{keys.length === 0 ? <span className="muted">no key</span> : keys.map((key) => <kbd key={key}>{displayKey(key)}</kbd>)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      ))}
    </article>
  );
}
