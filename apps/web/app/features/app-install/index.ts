// The installable app (issue 28): the service worker's registration and its updates, and
// `Installer l’application`. Pure re-exports (docs/architecture.md "Feature boundaries").
export { appleInstallGuide, INSTALL_APP_LABEL, InstallAppButton, InstallAppSection } from './components/install-app';
export { appleDeviceOf, captureInstallPrompt } from './lib/install-prompt';
export { registerServiceWorker } from './lib/service-worker';
