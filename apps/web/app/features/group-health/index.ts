// The group's health (issue 29): the leaders' `Vue d'ensemble` and the admins' network view. The
// charts (visx) load only where shown: both are lazy chunks, never in another page's first view.
import { lazy } from 'react';

export const GroupHealthOverview = lazy(() => import('./components/group-health-view'));
export const NetworkHealthView = lazy(() => import('./components/network-health-view'));
