// Files dragged anywhere over the window: whether the drop highlight shows, and what a drop
// does. Listens on the window, because dragleave fires for every child the pointer crosses and,
// on leaving the window, names a child as its target: counting enters and leaves is what tells.

import { useEffect, useState } from 'react';
import { droppedFiles, type DroppedFile } from './dropped-files';

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;

/** True while files are dragged over the window; `onDrop` receives the dropped files, a dropped folder's with their paths. */
export function useWindowFileDrop(onDrop: (files: DroppedFile[]) => void): boolean {
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth += 1;
      setDragging(true);
    };
    const over = (event: DragEvent) => {
      // Without this the browser opens the dropped file itself instead of handing it to the app.
      if (carriesFiles(event)) event.preventDefault();
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (event: DragEvent) => {
      depth = 0;
      setDragging(false);
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (!event.dataTransfer) return;
      droppedFiles(event.dataTransfer).then(
        (files) => {
          if (files.length > 0) onDrop(files);
        },
        () => undefined,
      );
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [onDrop]);
  return dragging;
}
