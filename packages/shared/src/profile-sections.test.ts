import { describe, expect, it } from 'vitest';
import { profileSectionForAnchor, profileSectionPath, profileSections } from './profile-sections';

describe('the sections of Mon profil', () => {
  it('have one short address each under /profile, and one label each', () => {
    const paths = profileSections.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths[0]).toBe('/profile');
    for (const path of paths.slice(1)) expect(path).toMatch(/^\/profile\/[a-z]+$/);
    expect(new Set(profileSections.map((s) => s.label)).size).toBe(paths.length);
    const anchors = profileSections.flatMap((s) => s.anchors);
    expect(new Set(anchors).size).toBe(anchors.length);
  });

  it('send an old /profile#anchor on to its section, hash kept', () => {
    expect(profileSectionForAnchor('#appareils')).toBe('/profile/notifications#appareils');
    expect(profileSectionForAnchor('#notification-settings')).toBe('/profile/notifications#notification-settings');
    expect(profileSectionForAnchor('#autofacturation')).toBe('/profile/parrainage#autofacturation');
    // Billing left the main section for its own (issue 31): its parts by their ids.
    expect(profileSectionForAnchor('#factures')).toBe('/profile/facturation#factures');
    expect(profileSectionForAnchor('#moyen-de-paiement')).toBe('/profile/facturation#moyen-de-paiement');
    expect(profileSectionForAnchor('#coordonnees-facturation')).toBe('/profile/facturation#coordonnees-facturation');
    // The main section's own anchors, an unknown one or none: stay on /profile.
    expect(profileSectionForAnchor('#metier')).toBeNull();
    expect(profileSectionForAnchor('#inconnu')).toBeNull();
    expect(profileSectionForAnchor('')).toBeNull();
    expect(profileSectionPath('securite')).toBe('/profile/securite');
    expect(profileSectionPath('facturation')).toBe('/profile/facturation');
  });
});
