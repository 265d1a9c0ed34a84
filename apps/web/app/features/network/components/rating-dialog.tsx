import { directoryMessages, ratingInputSchema } from '@synergie/shared/directory';
import { Loader2, Star } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { cn } from '~/lib/utils';
import { type MemberCard, useRateMember, useSessionExpiry } from '../api/network';

const labels = ['1 étoile', '2 étoiles', '3 étoiles', '4 étoiles', '5 étoiles'];

/**
 * The rating dialog (spec sections 4 and 5): 1 to 5 stars as a radio group (arrow keys move
 * between them), save disabled at 0, a second rating replaces the first. Loaded on first use.
 */
export default function RatingDialog({
  member,
  onOpenChange,
}: {
  member: MemberCard | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={member !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {member ? <RatingForm key={member.userId} member={member} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RatingForm({ member, onDone }: { member: MemberCard; onDone: () => void }) {
  const [rating, setRating] = useState(member.myRating ?? 0);
  const [hover, setHover] = useState(0);
  const save = useRateMember();
  const expire = useSessionExpiry();
  const name = useId();
  const shown = hover || rating;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ratingInputSchema.safeParse({ rating });
    if (!parsed.success) return;
    save.mutate(
      { userId: member.userId, rating: parsed.data.rating },
      {
        onSuccess: () => {
          notify.success(directoryMessages.ratingSaved);
          onDone();
        },
        onError: (error) => {
          if (expire(error)) return;
          notify.error(apiErrorMessage(error, directoryMessages.ratingFailed));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>Évaluer {member.fullName}</DialogTitle>
        <DialogDescription>
          Donnez une note de 1 à 5 étoiles. Une nouvelle évaluation remplace la précédente.
        </DialogDescription>
      </DialogHeader>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-900">Votre note</legend>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: hover preview only; the radios carry the interaction */}
        <div className="flex gap-1" onMouseLeave={() => setHover(0)}>
          {labels.map((label, index) => {
            const value = index + 1;
            return (
              <label
                key={value}
                className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
                onMouseEnter={() => setHover(value)}
              >
                <input
                  type="radio"
                  name={name}
                  value={value}
                  checked={rating === value}
                  onChange={() => setRating(value)}
                  className="sr-only"
                />
                <Star
                  aria-hidden="true"
                  className={cn('size-8', value <= shown ? 'fill-amber-400 text-amber-500' : 'text-slate-400')}
                />
                <span className="sr-only">{label}</span>
              </label>
            );
          })}
        </div>
        <p className="mt-2 text-sm text-slate-600" aria-live="polite">
          {rating ? `${rating} sur 5` : directoryMessages.ratingRequired}
        </p>
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Annuler
        </Button>
        <Button type="submit" disabled={rating === 0 || save.isPending}>
          {save.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          Enregistrer
        </Button>
      </DialogFooter>
    </form>
  );
}
