// One role's path as an ordered guide: each step with what to do, the words its page shows and
// links to its pages, and where the full guide for the role is.

import type { HelpPath, KeysOf } from './help-steps';
import { StepLinks } from './StepLinks';

export function HelpPathSection({ path, keysOf, studyId }: { path: HelpPath; keysOf: KeysOf; studyId: string | undefined }) {
  const titleId = `help-${path.id}-title`;
  return (
    <section className="help-path" data-testid={`help-path-${path.id}`} aria-labelledby={titleId}>
      <h2 id={titleId}>{path.title}</h2>
      <ol className="help-steps">
        {path.steps.map((step) => (
          <li key={step.id} className="help-step" data-step={step.id}>
            <h3>{step.title}</h3>
            <p>{typeof step.text === 'string' ? step.text : step.text(keysOf)}</p>
            {step.terms !== undefined && (
              <dl className="help-terms">
                {step.terms.map(([term, meaning]) => (
                  <div key={term}>
                    <dt>{term}</dt>
                    <dd>{meaning}</dd>
                  </div>
                ))}
              </dl>
            )}
            <StepLinks pages={step.pages} studyId={studyId} />
          </li>
        ))}
      </ol>
      <p className="small" data-testid={`help-guide-${path.id}`}>
        {/* The app runs offline and the guides live beside its source, not in it: name the file rather than link to a page that may not be there. */}
        The full guide is <code>{path.guide}</code> in the studio&rsquo;s repository.
      </p>
    </section>
  );
}
