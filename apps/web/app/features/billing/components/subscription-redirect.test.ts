import { describe, expect, it } from 'vitest';
import { shouldRedirectToPricing } from './subscription-redirect';

const base = { pathname: '/members', search: '', signedIn: true, subscribed: false as boolean | undefined };

describe('shouldRedirectToPricing (spec section 2, subscriber pages only)', () => {
  it('sends a signed-in member without a subscription away from every subscriber page', () => {
    for (const pathname of ['/members', '/companies', '/dashboard', '/my-projects', '/my-projects/', '/members/x']) {
      expect(shouldRedirectToPricing({ ...base, pathname })).toBe(true);
    }
  });

  it('leaves the public site, visitors, subscribers, unknown state and returns from payment alone', () => {
    for (const pathname of ['/', '/pricing', '/auth', '/events', '/profile', '/blog', '/membership']) {
      expect(shouldRedirectToPricing({ ...base, pathname })).toBe(false);
    }
    expect(shouldRedirectToPricing({ ...base, signedIn: false })).toBe(false);
    expect(shouldRedirectToPricing({ ...base, subscribed: true })).toBe(false);
    expect(shouldRedirectToPricing({ ...base, subscribed: undefined })).toBe(false);
    expect(shouldRedirectToPricing({ ...base, search: '?session_id=cs_123' })).toBe(false);
  });
});
