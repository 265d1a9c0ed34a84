// The device names live in the shared package: the server names push devices the same way.
export { describeDevice } from '@synergie/shared/user-agent';
