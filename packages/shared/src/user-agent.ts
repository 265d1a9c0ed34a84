/**
 * A readable device name for the sessions list and the push devices ('Chrome sur Windows'), from
 * the user agent the server recorded. Rough on purpose: it helps a member recognise a device, it
 * is not a fingerprint. No dependency: the browser and the server both name devices with it.
 */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Appareil inconnu';
  const browser = detect(userAgent, browsers);
  const system = detect(userAgent, systems);
  if (browser && system) return `${browser} sur ${system}`;
  return browser ?? system ?? 'Appareil inconnu';
}

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari, Android also says Linux.
const browsers: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const systems: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

function detect(userAgent: string, table: [RegExp, string][]) {
  return table.find(([pattern]) => pattern.test(userAgent))?.[1];
}
