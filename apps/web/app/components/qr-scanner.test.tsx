import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QrScanner } from './qr-scanner';

// The camera and zxing's decoding run in real Chromium (e2e/qr-scanner.e2e.ts); here the reader
// is replaced so each answer of the camera can be played: refused, absent, a foreign code, ours.
const camera = vi.hoisted(() => ({
  start: vi.fn(),
  stop: vi.fn(),
  emit: (_text: string) => {},
}));
vi.mock('@zxing/browser', () => ({
  BrowserQRCodeReader: class {
    decodeFromConstraints(constraints: MediaStreamConstraints, video: HTMLVideoElement, callback: unknown) {
      return camera.start(constraints, video, callback);
    }
  },
}));

type Callback = (result: { getText(): string } | undefined, error: unknown, controls: { stop(): void }) => void;

function cameraAnswers() {
  camera.start.mockImplementation(async (_c: unknown, _v: unknown, callback: Callback) => {
    const controls = { stop: camera.stop };
    camera.emit = (text) => callback({ getText: () => text }, undefined, controls);
    return controls;
  });
}

beforeEach(() => {
  vi.stubGlobal('isSecureContext', true);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn() } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  camera.start.mockReset();
  camera.stop.mockReset();
});

const open = () => fireEvent.click(screen.getByRole('button', { name: 'Scanner le QR code' }));

describe('QrScanner', () => {
  it('opens the rear camera with a labelled video, refuses a foreign code, hands ours over and stops', async () => {
    cameraAnswers();
    const onScan = vi.fn();
    render(<QrScanner onScan={onScan} />);
    expect(screen.queryByLabelText(/Image de la caméra/)).toBeNull();
    open();
    expect(screen.getByRole('status').textContent).toBe('Ouverture de la caméra…');
    expect(await screen.findByText('Placez le QR code de pointage dans le cadre.')).toBeTruthy();
    expect(camera.start.mock.calls[0]?.[0]).toEqual({ audio: false, video: { facingMode: { ideal: 'environment' } } });
    expect(camera.start.mock.calls[0]?.[1]).toBe(screen.getByLabelText(/Image de la caméra arrière/));

    act(() => camera.emit('https://ailleurs.example/pointage?jeton=abc'));
    expect(screen.getByRole('status').textContent).toBe('Ce QR code n’est pas un code de pointage Synergie Pro.');
    expect(onScan).not.toHaveBeenCalled();
    expect(camera.stop).not.toHaveBeenCalled();

    act(() => camera.emit(`${window.location.origin}/pointage?jeton=abc.def`));
    expect(onScan).toHaveBeenCalledWith({ kind: 'meeting', token: 'abc.def', path: '/pointage?jeton=abc.def' });
    expect(camera.stop).toHaveBeenCalled();
    expect(screen.queryByLabelText(/Image de la caméra/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Scanner le QR code' })).toBeTruthy();
  });

  it('offers no second scan while the page sends the check-in of the code read', async () => {
    cameraAnswers();
    const onScan = vi.fn();
    const { rerender } = render(<QrScanner onScan={onScan} />);
    open();
    await screen.findByText('Placez le QR code de pointage dans le cadre.');
    act(() => camera.emit(`${window.location.origin}/pointage?jeton=abc.def`));
    rerender(<QrScanner onScan={onScan} disabled />);
    const scan = screen.getByRole('button', { name: 'Scanner le QR code' }) as HTMLButtonElement;
    expect(scan.disabled).toBe(true);
    fireEvent.click(scan);
    expect(camera.start).toHaveBeenCalledTimes(1);
    // The answer came (refused, say): the member may scan again.
    rerender(<QrScanner onScan={onScan} disabled={false} />);
    expect(scan.disabled).toBe(false);
  });

  it('stops the camera on Fermer and when the page goes away', async () => {
    cameraAnswers();
    const view = render(<QrScanner onScan={vi.fn()} />);
    open();
    const close = await screen.findByRole('button', { name: 'Fermer' });
    // The keyboard's focus follows the pressed button's replacement, and comes back.
    expect(document.activeElement).toBe(close);
    fireEvent.click(close);
    expect(camera.stop).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Scanner le QR code' }));
    expect(screen.queryByLabelText(/Image de la caméra/)).toBeNull();

    open();
    await screen.findByText('Placez le QR code de pointage dans le cadre.');
    view.unmount();
    expect(camera.stop).toHaveBeenCalledTimes(2);
  });

  it('explains how to allow a refused camera, and scans again on demand', async () => {
    camera.start.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    render(<QrScanner onScan={vi.fn()} />);
    open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Vous avez refusé l’accès à la caméra');
    expect(alert.textContent).toContain('«\u00a0Autoriser\u00a0»');
    cameraAnswers();
    open();
    expect(await screen.findByText('Placez le QR code de pointage dans le cadre.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when there is no camera, or when the page is not secure', async () => {
    camera.start.mockRejectedValueOnce(new DOMException('Requested device not found', 'NotFoundError'));
    render(<QrScanner onScan={vi.fn()} />);
    open();
    expect((await screen.findByRole('alert')).textContent).toContain('Aucune caméra n’a été trouvée');

    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
    open();
    expect((await screen.findByRole('alert')).textContent).toContain('Aucune caméra n’a été trouvée');

    vi.stubGlobal('isSecureContext', false);
    open();
    expect((await screen.findByRole('alert')).textContent).toContain('connexion sécurisée');
    expect(camera.start).toHaveBeenCalledTimes(1);
  });
});
