// Starts the automatic snapshots where the host keeps them (the desktop app): a pass every 30
// minutes and one when the window closes, which the host waits for. Does nothing in a browser.

import { useEffect } from 'react';
import { useServices } from '../../services/services';
import { AUTO_BACKUP_INTERVAL_MS, createAutoBackup } from './auto-backup';

export function useAutoBackup(): void {
  const { db, platform, workers } = useServices();
  useEffect(() => {
    const store = platform.backups;
    if (store === undefined) return undefined;
    const auto = createAutoBackup({ db, store, snapshot: (studyId) => workers.backup.snapshotIfChanged(db.name, studyId) });
    const pass = () => auto.run().catch((error: unknown) => console.error('Automatic snapshot failed:', error));
    const timer = window.setInterval(() => void pass(), AUTO_BACKUP_INTERVAL_MS);
    const unsubscribe = store.onBeforeQuit(async () => {
      await pass();
    });
    return () => {
      window.clearInterval(timer);
      unsubscribe();
    };
  }, [db, platform, workers]);
}
