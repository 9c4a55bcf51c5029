// The open workspace's controller, provided to its components through React context, so
// tests can render a component with a controller of their own.

import { createContext } from 'react';
import type { WorkspaceController } from './workspace-controller';

export const WorkspaceContext = createContext<WorkspaceController | null>(null);
