import { Download, Share } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/utils';
import { installSnapshot, promptInstall, serverInstallSnapshot, subscribe } from '../lib/install-prompt';

export const INSTALL_APP_LABEL = 'Installer l’application';

/** The guide for Safari on an iPhone or iPad (no prompt there). */
export const appleInstallGuide = (device: 'iPhone' | 'iPad') =>
  `Sur ${device}\u00a0: touchez Partager, puis «\u00a0Sur l’écran d’accueil\u00a0».`;

function useInstallState() {
  return useSyncExternalStore(subscribe, installSnapshot, serverInstallSnapshot);
}

/**
 * `Installer l’application` where the browser allows it (its prompt was kept), the iPhone's guide
 * on an iPhone or iPad (`guide`), nothing when the app is installed or cannot be.
 */
export function InstallAppButton({ guide = false, className }: { guide?: boolean; className?: string }) {
  const install = useInstallState();
  if (install.installed) return null;
  if (install.prompt) {
    return (
      <Button type="button" variant="outline" className={className} onClick={() => void promptInstall()}>
        <Download aria-hidden="true" />
        {INSTALL_APP_LABEL}
      </Button>
    );
  }
  if (guide && install.appleDevice) {
    return (
      <p className={cn('flex items-start gap-2 text-slate-700', className)}>
        <Share aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        {appleInstallGuide(install.appleDevice)}
      </p>
    );
  }
  return null;
}

/** /plus's section: shown only when there is something to do. */
export function InstallAppSection() {
  const install = useInstallState();
  if (install.installed || (!install.prompt && !install.appleDevice)) return null;
  return (
    <section aria-labelledby="plus-application">
      <h2 id="plus-application" className="mb-3 text-lg font-semibold text-slate-900">
        L’application
      </h2>
      <InstallAppButton guide />
    </section>
  );
}
