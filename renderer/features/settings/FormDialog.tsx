// A modal form: a titled dialog whose Escape cancels (and stops there, so the page beneath does
// not take the key too), the problem that kept it open, and its submit and Cancel buttons. The
// settings and the model names asked for by a benchmark import both ask this way.

import type { FormEvent, KeyboardEvent, ReactNode } from 'react';

interface Props {
  /** The id the dialog is labelled by, on its title. */
  titleId: string;
  title: string;
  /** Added to the `modal` class for a dialog's own layout. */
  className?: string;
  submitText: string;
  /** Why the last submit was refused; shown as an alert above the buttons. */
  problem: string | undefined;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  children: ReactNode;
}

export function FormDialog({ titleId, title, className, submitText, problem, onSubmit, onCancel, children }: Props) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
    }
  };
  return (
    <div className="modal-backdrop">
      <form
        className={className === undefined ? 'modal' : `modal ${className}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onSubmit={onSubmit}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
        {problem !== undefined && (
          <div className="notice notice-error" role="alert">
            {problem}
          </div>
        )}
        <div className="modal-actions">
          <button type="submit" className="primary">
            {submitText}
          </button>
          <button type="button" className="chip" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
