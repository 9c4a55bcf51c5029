// The offer beside a refused import of records in a layout the studio does not know, or beside a
// puzzle list that left fields unread: "Map fields…" opens the mapping dialog on the same files.

import { useState } from 'react';
import type { OpenedFile } from '../../../shared/platform/studio-platform';
import { MappingDialog } from './MappingDialog';

const UNKNOWN_LAYOUT = 'These records are in a layout the studio does not know. You can say which field is what:';

export function MapFieldsOffer({ files, reason = UNKNOWN_LAYOUT }: { files: OpenedFile[]; reason?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="map-fields-offer">
      <span>{reason}</span>{' '}
      <button type="button" className="primary" onClick={() => setOpen(true)}>
        Map fields…
      </button>
      {open && <MappingDialog files={files} onClose={() => setOpen(false)} />}
    </div>
  );
}
