// Starts the renderer: creates the services (database, host platform, UI store) and renders
// the app into the page.

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { parseRoute } from './app/routes';
import { ServicesProvider } from './app/services';
import { createPreferencesStore } from './app/preferences-store';
import { createStudioStore } from './app/studio-store';
import { StudioDatabase } from './db/database';
import { createPlatform } from './platform';
import './styles.css';

const services = {
  db: new StudioDatabase(),
  platform: createPlatform(),
  store: createStudioStore(parseRoute(window.location.hash)),
  preferences: createPreferencesStore(),
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
