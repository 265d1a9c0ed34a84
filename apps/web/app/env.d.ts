interface ImportMetaEnv {
  readonly VITE_SITE_URL: string;
  readonly VITE_SITE_NAME: string;
  /** The build's version (vite.config.ts): the offline cache's buster. */
  readonly VITE_BUILD_VERSION?: string;
  readonly VITE_CONTACT: { email: string; phone: string; address: string };
}
