// The queue's search box: typing narrows the unit list to units whose question or final answer,
// id, puzzle title or story hold the words typed (any case, any accents); Enter on an exact unit
// id goes to that unit, Enter otherwise returns to the workspace's keys on the first match, and
// Escape clears the search.

import { useRef, type FormEvent, type KeyboardEvent } from 'react';
import { useWorkspace, useWorkspaceState } from './useWorkspace';

export function JumpToUnit() {
  const controller = useWorkspace();
  const query = useWorkspaceState((state) => state.query);
  const input = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    if (text === '') return;
    if (controller.data.positionOf.has(text)) {
      controller.jumpTo(text);
      // Back to the workspace's keys at once.
      input.current?.blur();
    } else if (controller.store.getState().visible.length > 0) {
      input.current?.blur();
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    // The browser would clear a search field on Escape anyway; clear the list's search with it.
    event.preventDefault();
    controller.search('');
    input.current?.blur();
  };
  return (
    <form className="jump-to-unit" onSubmit={submit} role="search">
      <label className="small muted" htmlFor="jump-to-unit">
        Find units
      </label>
      <input
        id="jump-to-unit"
        ref={input}
        type="search"
        value={query}
        onChange={(event) => controller.search(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder="text, title or unit id"
        title="Words from the question, the story or the puzzle title, or a unit id; Enter to go, Esc to clear"
        spellCheck={false}
        autoComplete="off"
      />
      <button type="submit" className="chip">
        Go
      </button>
    </form>
  );
}
