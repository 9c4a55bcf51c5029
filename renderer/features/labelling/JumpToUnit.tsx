// Goes to a unit by its id (a turn id such as "s-12/4", or a puzzle id for difficulty).

import { useRef, useState, type FormEvent } from 'react';
import { useWorkspace } from './useWorkspace';

export function JumpToUnit() {
  const controller = useWorkspace();
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    if (controller.jumpTo(text)) {
      setText('');
      // Back to the workspace's keys at once.
      input.current?.blur();
    }
  };
  return (
    <form className="jump-to-unit" onSubmit={submit} role="search">
      <label className="small muted" htmlFor="jump-to-unit">
        Go to unit
      </label>
      <input id="jump-to-unit" ref={input} value={text} onChange={(event) => setText(event.target.value)} placeholder="unit id" spellCheck={false} autoComplete="off" />
      <button type="submit" className="chip">
        Go
      </button>
    </form>
  );
}
