// The group's health (issue 29): the leaders' `Vue d'ensemble` and the admins' network view.
export { GroupHealthOverview, NetworkHealthView } from './lazy-views';
