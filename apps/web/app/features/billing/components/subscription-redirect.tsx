import { subscriberPages } from '@synergie/shared/site';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '~/features/auth';
import { useSubscription } from '../api/subscription';

/** The spec's rule (section 2), limited to the subscriber-only pages (docs/decisions/0004). */
export function shouldRedirectToPricing(input: {
  pathname: string;
  search: string;
  signedIn: boolean;
  subscribed: boolean | undefined;
}): boolean {
  const path = input.pathname.length > 1 ? input.pathname.replace(/\/+$/, '') : input.pathname;
  if (!input.signedIn || input.subscribed !== false) return false;
  if (path === '/pricing' || path === '/auth') return false;
  // Back from a payment: the subscription may not be recorded yet.
  if (new URLSearchParams(input.search).has('session_id')) return false;
  return subscriberPages.some((page) => path === page || path.startsWith(`${page}/`));
}

/** Mounted once in root: a signed-in member without a subscription on a subscriber page goes to /pricing. */
export function SubscriptionRedirect() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const onSubscriberPage = subscriberPages.some((page) => location.pathname.startsWith(page));
  const subscription = useSubscription(signedIn && onSubscriberPage);
  const redirect = shouldRedirectToPricing({
    pathname: location.pathname,
    search: location.search,
    signedIn,
    subscribed: subscription.data?.subscribed,
  });
  useEffect(() => {
    if (redirect) navigate('/pricing?message=subscription_required', { replace: true });
  }, [redirect, navigate]);
  return null;
}
