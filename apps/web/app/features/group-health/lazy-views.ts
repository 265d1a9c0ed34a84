// The charts (visx) load only where shown: both views are lazy chunks, never in another page's
// first view.
import { lazy } from 'react';

export const GroupHealthOverview = lazy(() => import('./components/group-health-view'));
export const NetworkHealthView = lazy(() => import('./components/network-health-view'));
