// The offer beside a refused import of records in a layout the studio does not know, and the
// button a held puzzle list's preview shows: "Map fields…" opens the mapping dialog on the same files.

import { useState } from 'react';
import type { OpenedFile } from '../../../shared/platform/studio-platform';
import { MappingDialog } from './MappingDialog';

export function MapFieldsButton({ files }: { files: OpenedFile[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="primary" onClick={() => setOpen(true)}>
        Map fields…
      </button>
      {open && <MappingDialog files={files} onClose={() => setOpen(false)} />}
    </>
  );
}

export function MapFieldsOffer({ files }: { files: OpenedFile[] }) {
  return (
    <div className="map-fields-offer">
      <span>These records are in a layout the studio does not know. You can say which field is what:</span> <MapFieldsButton files={files} />
    </div>
  );
}
