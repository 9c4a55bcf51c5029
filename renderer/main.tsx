// Starts the renderer: creates the services (database, host platform, UI stores, the workers'
// clients, the label writes) and renders the app into the page.

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { parseRoute } from './services/routes';
import { ServicesProvider } from './services/services';
import { createBackupClient } from './services/backup-client';
import { createImportClient } from './services/import-client';
import { createJudgeClient } from './services/judge-client';
import { LabelWrites } from './services/label-writes';
import { createMappingClient } from './services/mapping-client';
import { createPlanClient } from './services/plan-client';
import { createPreferencesStore } from './services/preferences-store';
import { createReportClient } from './services/report-client';
import { createTeamClient } from './services/team-client';
import { createStudioStore } from './services/studio-store';
import { createSyncClient } from './services/sync-client';
import { createSyncStatusStore } from './services/sync-statuses';
import { StudioDatabase } from './db/database';
import { createPlatform } from './platform';
import './styles.css';

const services = {
  db: new StudioDatabase(),
  // Awaited before anything renders: the web page's policy must be narrowed before any request.
  platform: await createPlatform(),
  store: createStudioStore(parseRoute(window.location.hash)),
  preferences: createPreferencesStore(),
  workers: {
    imports: createImportClient(),
    mapping: createMappingClient(),
    report: createReportClient(),
    plan: createPlanClient(),
    team: createTeamClient(),
    backup: createBackupClient(),
    judge: createJudgeClient(),
    sync: createSyncClient(),
  },
  labelWrites: new LabelWrites(),
  syncStatuses: createSyncStatusStore(),
};

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <ServicesProvider services={services}>
      <App />
    </ServicesProvider>
  </StrictMode>,
);
