import { qrScannerMessages } from '@synergie/shared/qr-scanner-messages';
import { ScanLine, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { type CheckinLink, parseCheckinLink, siteOrigins } from '~/lib/checkin-link';

type ScannerState =
  | { step: 'idle' }
  | { step: 'opening' }
  | { step: 'scanning'; foreign: boolean }
  | { step: 'failed'; message: string };

/** getUserMedia's refusals, in words a member can act on. */
export function cameraErrorMessage(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError') {
    return qrScannerMessages.denied;
  }
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') {
    return qrScannerMessages.noCamera;
  }
  return qrScannerMessages.unavailable;
}

/**
 * `Scanner le QR code` (issue 17): reads a check-in code with the rear camera, in the page, and
 * hands our link to the page (`onScan`), which checks in as opening the link would. zxing (about
 * 100 kB) is imported when the member presses the button, so no page carries it before; the camera
 * stops on `Fermer`, once a code is read, and when the component goes away. The pages load this
 * component lazily too (`React.lazy`), so the route manifest every page downloads stays as it was.
 */
export function QrScanner({
  onScan,
  disabled = false,
}: {
  onScan: (link: CheckinLink) => void;
  /** The page is sending the check-in of the code just read: no second scan meanwhile. */
  disabled?: boolean;
}) {
  const [state, setState] = useState<ScannerState>({ step: 'idle' });
  const videoRef = useRef<HTMLVideoElement>(null);
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  const active = state.step === 'opening' || state.step === 'scanning';
  // The pressed button goes away: keyboard focus follows to `Fermer`, then back to the scan button.
  const closeRef = useRef<HTMLButtonElement>(null);
  const scanRef = useRef<HTMLButtonElement>(null);
  const wasActive = useRef(false);
  useEffect(() => {
    if (active) closeRef.current?.focus();
    else if (wasActive.current) scanRef.current?.focus();
    wasActive.current = active;
  }, [active]);

  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    let controls: { stop(): void } | undefined;
    const fail = (message: string) => {
      if (!cancelled) setState({ step: 'failed', message });
    };
    (async () => {
      if (!window.isSecureContext) return fail(qrScannerMessages.insecure);
      if (!navigator.mediaDevices?.getUserMedia) return fail(qrScannerMessages.noCamera);
      let zxing: typeof import('@zxing/browser');
      try {
        zxing = await import('@zxing/browser');
      } catch {
        return fail(qrScannerMessages.loadFailed);
      }
      if (cancelled) return;
      const origins = siteOrigins();
      const reader = new zxing.BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 150 });
      try {
        const started = await reader.decodeFromConstraints(
          // The rear camera on a phone; a computer's only camera otherwise.
          { audio: false, video: { facingMode: { ideal: 'environment' } } },
          videoRef.current ?? undefined,
          (result, _error, scanControls) => {
            // Each frame without a code reports an error: the reader simply tries the next one.
            if (!result || cancelled) return;
            const link = parseCheckinLink(result.getText(), origins);
            if (!link) {
              setState((s) => (s.step === 'scanning' && !s.foreign ? { step: 'scanning', foreign: true } : s));
              return;
            }
            cancelled = true;
            scanControls.stop();
            setState({ step: 'idle' });
            onScanRef.current(link);
          },
        );
        if (cancelled) {
          started.stop();
          return;
        }
        controls = started;
        setState((s) => (s.step === 'opening' ? { step: 'scanning', foreign: false } : s));
      } catch (error) {
        fail(cameraErrorMessage(error));
      }
    })();
    return () => {
      cancelled = true;
      controls?.stop();
    };
  }, [active]);

  const status =
    state.step === 'opening'
      ? qrScannerMessages.opening
      : state.step === 'scanning'
        ? state.foreign
          ? qrScannerMessages.foreignCode
          : qrScannerMessages.aiming
        : '';

  return (
    <div className="flex w-full flex-col items-start gap-4">
      {active ? (
        <div className="flex w-full flex-col items-start gap-3">
          <video
            ref={videoRef}
            aria-label={qrScannerMessages.videoLabel}
            muted
            playsInline
            className="aspect-square w-full max-w-sm rounded-xl border border-slate-300 bg-slate-900 object-cover"
          />
          <Button ref={closeRef} type="button" variant="outline" onClick={() => setState({ step: 'idle' })}>
            <X aria-hidden="true" />
            {qrScannerMessages.close}
          </Button>
        </div>
      ) : (
        <Button
          ref={scanRef}
          type="button"
          size="lg"
          className="w-full sm:w-auto"
          disabled={disabled}
          onClick={() => setState({ step: 'opening' })}
        >
          <ScanLine aria-hidden="true" />
          {qrScannerMessages.scan}
        </Button>
      )}
      {/* Always in the page, so screen readers announce each change. */}
      <p
        role="status"
        className={state.step === 'scanning' && state.foreign ? 'font-medium text-red-700' : 'text-slate-700'}
      >
        {status}
      </p>
      {state.step === 'failed' ? (
        <p role="alert" className="text-red-700">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}

export default QrScanner;
