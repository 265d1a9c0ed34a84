import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser, waitForHydration } from './helpers/browser';
import { adminMember, signInPage } from './helpers/member';
import { api, meetingInTenMinutes, seatWithPresident, tradeSubscriber } from './helpers/network';

/**
 * The in-app scanner (issue 17) in real Chromium with a fake camera: the camera films a Y4M video
 * of the meeting's real QR code, the member presses `Scanner le QR code` on /pointage, zxing reads
 * it and the member is checked in; the secretary's list shows them present.
 */

const WIDTH = 640;
const HEIGHT = 480;
const cameras = fs.mkdtempSync(path.join(os.tmpdir(), 'synergie-camera-'));

/** `text`'s QR code, black (16) on white (235) modules of `scale` pixels, centred: a Y plane. */
function drawCode(text: string, scale: number) {
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const left = Math.floor((WIDTH - size * scale) / 2);
  const top = Math.floor((HEIGHT - size * scale) / 2);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!data[row * size + col]) continue;
      for (let y = 0; y < scale; y++) {
        const start = (top + row * scale + y) * WIDTH + left + col * scale;
        luma.fill(16, start, start + scale);
      }
    }
  }
  return luma;
}

/** Whether zxing (the page's decoder, here in Node) reads `text` back from this picture. */
function zxingReads(luma: Buffer, text: string) {
  try {
    const picture = new RGBLuminanceSource(new Uint8ClampedArray(luma), WIDTH, HEIGHT);
    return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(picture))).getText() === text;
  } catch {
    return false;
  }
}

/**
 * Writes `file`, a Y4M video of a few frames of `text`'s QR code, and returns it; null when zxing
 * cannot read this code at any size. Its finder-pattern search misses about one perfectly sharp
 * synthetic code in six at a given size and a few in a hundred at every size (a real camera's
 * picture changes each frame): the test then asks for another code.
 */
function filmCode(file: string, text: string): string | null {
  const largest = Math.floor((HEIGHT - 40) / (QRCode.create(text, { errorCorrectionLevel: 'M' }).modules.size + 8));
  let luma: Buffer | undefined;
  for (let scale = largest; scale >= 3 && !luma; scale--) {
    const picture = drawCode(text, scale);
    if (zxingReads(picture, text)) luma = picture;
  }
  if (!luma) return null;
  // 4:2:0: the U and V planes, a quarter of the picture each, grey.
  const chroma = Buffer.alloc((WIDTH * HEIGHT) / 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(file, Buffer.concat([header, frame, frame, frame, frame, frame]));
  return file;
}

const fakeCamera = (file: string) => [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-video-capture=${file}`,
];
// One browser, one camera film, written before Chromium starts: a file rewritten afterwards is not
// reliably read (Chromium may read it early and keep it). This phone films another site's code.
const otherFilm = filmCode(path.join(cameras, 'other.y4m'), 'https://exemple.fr/pointage?jeton=abc');
if (!otherFilm) throw new Error('zxing cannot read the other site’s code');
const otherPhone = useBrowser({ args: fakeCamera(otherFilm) });
// This one films the meeting's code: launched again by the test once the code is written.
const { newPage, relaunch } = useBrowser();

describe('the in-app QR scanner', () => {
  it('a member scans the meeting code from /pointage and is checked in; the secretary sees it', async () => {
    const admin = await adminMember();
    const slug = `annecy-${randomBytes(3).toString('hex')}`;
    const group = await api<{ id: string }>(admin, 'POST', '/api/admin/groups', {
      name: `Synergie Pro Annecy ${slug.slice(-6)}`,
      slug,
      city: 'Annecy',
      departmentCode: '74',
      region: 'Auvergne-Rhône-Alpes',
      description: 'Les entrepreneurs du bord du lac, un par métier.',
      meetingPlace: 'Maison des entreprises, 2 rue de la Paix, 74000 Annecy',
      meetingRhythm: 'weekly',
      meetingWeekday: 2,
      meetingTime: '08:00',
    });
    const president = await tradeSubscriber('Hélène Présidente', 'Notaire', 'Annecy');
    const member = await tradeSubscriber('Marc Électricien', 'Électricien', 'Annecy');
    await seatWithPresident(admin, group.id, [president, member]);
    const meetingId = await meetingInTenMinutes(
      president,
      group.id,
      'Maison des entreprises, salle Semnoz',
      'Réunion avancée.',
    );

    // The code the secretary's screen shows (a new one each minute), filmed by the phone's camera.
    let code = { url: '' };
    let meetingFilm: string | null = null;
    for (let attempt = 0; attempt < 5 && !meetingFilm; attempt++) {
      code = await api<{ url: string }>(president, 'GET', `/api/groups/${group.id}/meetings/${meetingId}/checkin-code`);
      meetingFilm = filmCode(path.join(cameras, 'meeting.y4m'), code.url);
    }
    expect(meetingFilm, code.url).not.toBeNull();

    // The member's space offers the check-in; /pointage without a token offers the scanner.
    const other = await otherPhone.newPage({ viewport: { width: 390, height: 844 }, permissions: ['camera'] });
    await signInPage(other, member);
    await other.goto('/mon-groupe');
    await waitForHydration(other);
    await other.getByRole('link', { name: 'Pointer ma présence' }).click();
    await other.waitForURL(/\/pointage$/);
    await waitForHydration(other);
    await expect.poll(() => other.getByRole('button', { name: 'Scanner le QR code' }).count()).toBe(1);
    await expectAccessible(other);
    // Another site's code: refused in words, the camera keeps looking until `Fermer`.
    await other.getByRole('button', { name: 'Scanner le QR code' }).click();
    await expect
      .poll(() => other.getByRole('status').filter({ hasText: 'Ce QR code n’est pas un code de pointage' }).count(), {
        timeout: 30_000,
      })
      .toBe(1);
    expect(await other.getByLabel(/Image de la caméra arrière/).count()).toBe(1);
    await expectAccessible(other);
    await other.getByRole('button', { name: 'Fermer' }).click();
    await expect.poll(() => other.locator('video').count()).toBe(0);
    // The keyboard's focus is back on the scan button.
    expect(await other.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Scanner le QR code');

    // The meeting's code, as the secretary's screen shows it, worked from the keyboard.
    await relaunch(fakeCamera(meetingFilm as string));
    const phone = await newPage({ viewport: { width: 390, height: 844 }, permissions: ['camera'] });
    await signInPage(phone, member);
    await phone.goto('/pointage');
    await waitForHydration(phone);
    const scan = phone.getByRole('button', { name: 'Scanner le QR code' });
    await expect.poll(() => scan.count()).toBe(1);
    await scan.focus();
    await phone.keyboard.press('Enter');
    // The page's text: a failure shows what the member reads instead.
    await expect
      .poll(() => phone.locator('main').innerText(), { timeout: 30_000 })
      .toContain('Votre présence est enregistrée. Bonne réunion');
    // The camera is closed once the code is read.
    expect(await phone.locator('video').count()).toBe(0);
    await expectAccessible(phone);

    // The secretary's list: the member present, checked in by the QR code.
    const secretary = await newPage();
    await signInPage(secretary, president);
    await secretary.goto(`/groupes/${slug}/reunions/${meetingId}/presence`);
    await waitForHydration(secretary);
    const status = secretary.getByLabel('Marc Électricien');
    await expect.poll(() => status.count()).toBe(1);
    expect(await status.inputValue()).toBe('present');
    await expect.poll(() => secretary.getByText(/Pointé par QR code à/).count()).toBe(1);
  }, 120_000);
});
