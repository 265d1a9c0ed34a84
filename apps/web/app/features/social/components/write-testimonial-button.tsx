import { MessageSquareQuote } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '~/components/ui/button';
import { useSession } from '~/features/auth';
import { useSubscription } from '~/features/billing';

// The dialog carries the form and zod: loaded on first use, not with the member page.
const TestimonialDialog = lazy(() => import('./testimonial-dialog'));

/**
 * `Écrire un témoignage`, on a member's page: for a signed-in subscriber other than the member
 * (the API refuses everyone else anyway).
 */
export function WriteTestimonialButton({ subjectId, subjectName }: { subjectId: string; subjectName: string }) {
  const session = useSession();
  const viewerId = session.data?.user.id ?? null;
  const subscription = useSubscription(viewerId !== null);
  const [open, setOpen] = useState(false);
  if (!viewerId || viewerId === subjectId || !subscription.data?.subscribed) return null;
  return (
    <>
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        <MessageSquareQuote aria-hidden="true" />
        Écrire un témoignage
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <TestimonialDialog subjectId={subjectId} subjectName={subjectName} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
