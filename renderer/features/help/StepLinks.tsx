// The pages a help step happens on, each a link to that page of the chosen study (or the
// library); a study page with no study chosen is named without a link.

import { routeToHash } from '../../services/routes';
import { PAGE_NAMES, stepRoute, type StepPage } from './help-steps';

export function StepLinks({ pages, studyId }: { pages: readonly StepPage[]; studyId: string | undefined }) {
  return (
    <p className="help-step-links small">
      <span className="muted">Go to </span>
      {pages.map((page, index) => {
        const route = stepRoute(page, studyId);
        const name = `${PAGE_NAMES[page.view]} page`;
        return (
          <span key={page.view}>
            {index > 0 && <span className="muted"> or </span>}
            {route === undefined ? (
              <span className="muted" data-testid="help-unlinked-page">
                {name} (choose a study above)
              </span>
            ) : (
              <a href={routeToHash(route)} data-testid="help-step-link">
                {name}
              </a>
            )}
          </span>
        );
      })}
    </p>
  );
}
