/**
 * Text as the trade search compares it: lower case, without accents, `œ` as `oe`, so
 * `electricien` finds `Électricien` and `oeno` finds `Œnologue` (network-core §1).
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[’']/g, "'")
    .trim();
}
