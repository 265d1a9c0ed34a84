import type { MemberPage } from '../api/get-member-page';

/** `Notaire, droit rural`: the member's trade of the catalogue and specialty; the legacy profession otherwise. */
export function tradeLine(page: Pick<MemberPage, 'trade' | 'specialty' | 'profession'>): string | null {
  if (page.trade) return page.specialty ? `${page.trade.label}, ${page.specialty}` : page.trade.label;
  return page.profession;
}
