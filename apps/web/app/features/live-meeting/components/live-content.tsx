import { formatMoney } from '@synergie/shared/format';
import type { LiveState } from '@synergie/shared/live-meeting';
import { formatTimer, liveMessages, turnsUntil, turnsUntilLabel } from '@synergie/shared/live-meeting-constants';
import { cn } from '~/lib/utils';
import { useSecondsLeft } from '../api/live-meeting';

type Variant = 'phone' | 'projector';

const text = {
  phone: { title: 'text-2xl', big: 'text-4xl', body: 'text-base', item: 'text-base', timer: 'text-5xl' },
  projector: {
    title: 'text-6xl',
    big: 'text-8xl',
    body: 'text-3xl',
    item: 'text-4xl',
    timer: 'text-[10rem] leading-none',
  },
} as const;

/** The phase's timer (`1:05`), read out once a minute at most: a live region would talk every second. */
export function LiveTimer({ state, variant }: { state: LiveState; variant: Variant }) {
  const left = useSecondsLeft(state);
  if (left === null) return null;
  return (
    <p className={cn('font-mono font-bold tabular-nums', text[variant].timer, left === 0 ? 'text-red-600' : '')}>
      <span className="sr-only">Temps restant{'\u00a0'}: </span>
      <time dateTime={`PT${left}S`}>{formatTimer(left)}</time>
    </p>
  );
}

/** `À vous dans 2 tours` / `C’est à vous` for the member reading, during the round. */
export function TurnNotice({ state, viewerId }: { state: LiveState; viewerId: string | undefined }) {
  if (state.phase !== 'round' || !viewerId) return null;
  const label = turnsUntilLabel(
    turnsUntil(
      state.round.map((m) => m.id),
      state.speakerIndex,
      viewerId,
    ),
  );
  if (!label) return null;
  const now = label === liveMessages.yourTurn;
  return (
    <p
      className={cn(
        'rounded-lg px-4 py-3 text-lg font-semibold',
        now ? 'bg-orange-700 text-white' : 'bg-brand-50 text-brand-800',
      )}
    >
      {label}
    </p>
  );
}

/**
 * What the phase shows, the same on the phone and on the projector (bigger): the round's speaker
 * and who follows, the presenter, the visitors, the business thanked, the recommendations passed.
 */
export function LivePhaseContent({ state, variant }: { state: LiveState; variant: Variant }) {
  const t = text[variant];
  const muted = variant === 'projector' ? 'text-slate-300' : 'text-slate-600';
  switch (state.phase) {
    case 'welcome':
      return (
        <div className="flex flex-col gap-2">
          <p className={cn(t.big, 'font-bold')}>Bienvenue</p>
          <p className={cn(t.body, muted)}>
            {state.round.length === 0
              ? 'Personne n’a encore pointé sa présence.'
              : `${state.round.length} ${state.round.length === 1 ? 'membre présent' : 'membres présents'}`}
            {state.visitors.length > 0
              ? `, ${state.visitors.length} ${state.visitors.length === 1 ? 'visiteur' : 'visiteurs'}`
              : ''}
          </p>
        </div>
      );
    case 'round': {
      const upcoming = state.round.slice(state.speakerIndex + 1, state.speakerIndex + 4);
      const speaker = state.round[state.speakerIndex];
      return (
        <div className="flex flex-col gap-4">
          {speaker ? (
            <div>
              <p className={cn(t.big, 'font-bold')}>{speaker.name}</p>
              {speaker.trade ? <p className={cn(t.body, muted)}>{speaker.trade}</p> : null}
              {speaker.late ? <p className={cn(t.body, 'font-semibold text-orange-700')}>{liveMessages.late}</p> : null}
            </div>
          ) : null}
          <LiveTimer state={state} variant={variant} />
          <p className={cn(t.body, muted)}>
            {state.speakerIndex + 1} sur {state.round.length}
          </p>
          {upcoming.length > 0 ? (
            <div>
              <p className={cn(t.body, 'font-semibold')}>Ensuite</p>
              <ol className={cn('flex flex-col gap-1', t.item, muted)}>
                {upcoming.map((m) => (
                  <li key={m.id}>
                    {m.name}
                    {m.trade ? ` — ${m.trade}` : ''}
                  </li>
                ))}
              </ol>
            </div>
          ) : null}
        </div>
      );
    }
    case 'presentation':
      return (
        <div className="flex flex-col gap-4">
          <p className={cn(t.big, 'font-bold')}>
            {state.presenter ? state.presenter.name : 'Pas de présentation prévue'}
          </p>
          <LiveTimer state={state} variant={variant} />
        </div>
      );
    case 'visitors':
      return state.visitors.length === 0 ? (
        <p className={cn(t.body, muted)}>Pas de visiteur aujourd’hui.</p>
      ) : (
        <ul className={cn('flex flex-col gap-3', t.item)}>
          {state.visitors.map((v, i) => (
            // Visitors have no id on the screens (no contact detail either): their place is theirs.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole by each event
            <li key={i}>
              <span className="font-semibold">{v.name}</span>
              {v.trade || v.company ? (
                <span className={muted}> — {[v.trade, v.company].filter(Boolean).join(', ')}</span>
              ) : null}
              {v.invitedBy ? <span className={cn('block', t.body, muted)}>invité par {v.invitedBy}</span> : null}
            </li>
          ))}
        </ul>
      );
    case 'thanks':
      return state.thanks.length === 0 ? (
        <p className={cn(t.body, muted)}>Pas d’affaire confirmée depuis la dernière réunion.</p>
      ) : (
        <ul className={cn('flex flex-col gap-3', t.item)}>
          {state.thanks.map((th) => (
            <li key={th.recommendationId}>
              <span className="font-semibold">{th.receiver}</span> remercie{' '}
              <span className="font-semibold">{th.giver}</span>
              {th.amountCents !== null ? <span className={muted}> — {formatMoney(th.amountCents)} HT</span> : null}
            </li>
          ))}
        </ul>
      );
    case 'recommendations':
      return <LiveRecommendations state={state} variant={variant} />;
    case 'ended':
      return (
        <p className={cn(t.body, muted)}>
          Merci à tous. {state.recommendationCount}{' '}
          {state.recommendationCount === 1 ? 'recommandation passée' : 'recommandations passées'} pendant la réunion.
        </p>
      );
  }
}

/** The recommendations logged during the meeting: their number, and the list once the leaders show it. */
export function LiveRecommendations({ state, variant }: { state: LiveState; variant: Variant }) {
  const t = text[variant];
  const muted = variant === 'projector' ? 'text-slate-300' : 'text-slate-600';
  return (
    <div className="flex flex-col gap-3">
      <p className={cn(t.body, 'font-semibold')}>
        {state.recommendationCount}{' '}
        {state.recommendationCount === 1 ? 'recommandation passée' : 'recommandations passées'} pendant la réunion
      </p>
      {state.showRecommendations && state.recommendations.length > 0 ? (
        <ul className={cn('flex flex-col gap-2', t.item)}>
          {state.recommendations.map((r) => (
            <li key={r.id}>
              <span className="font-semibold">{r.giver}</span> → <span className="font-semibold">{r.receiver}</span>
              {r.need ? <span className={cn('block', t.body, muted)}>{r.need}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
