import { visitMessages } from '@synergie/shared/visits';
import { useId } from 'react';
import { Loading } from '~/components/query-state';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useGroupVisitors, useSetVisitorFollowUp } from '../api/visits';
import { meetingWhen } from './meeting-when';

const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 0 });

/** The conversion rate's definition, written on the page. */
export const CONVERSION_DEFINITION =
  'Taux de conversion d’un membre\u00a0: le nombre de personnes qu’il a invitées aux réunions du groupe et qui sont devenues membres, divisé par le nombre de personnes qu’il a invitées (une personne est comptée une fois par email, quel que soit le nombre de ses visites).';

/**
 * The leaders' `Visiteurs` tab (issue 30): the visitors by meeting (their trade, who invited them,
 * or `Inscrit seul` for a self-registration) and each member's conversion rate.
 */
export function GroupVisitors({ groupId }: { groupId: string }) {
  const visitors = useGroupVisitors(groupId);
  if (visitors.isPending) return <Loading variant="text" />;
  if (visitors.isError)
    return (
      <p role="alert" className="text-red-700">
        {apiErrorMessage(visitors.error, 'Erreur lors du chargement')}
      </p>
    );
  const { meetings, members, followUp } = visitors.data;
  return (
    <div className="flex flex-col gap-10">
      <FollowUpSetting groupId={groupId} enabled={followUp} />
      <section aria-labelledby="group-visitors-title" className="flex flex-col gap-4">
        <h2 id="group-visitors-title" className="text-2xl font-bold text-slate-900">
          Visiteurs par réunion
        </h2>
        {meetings.length === 0 ? <p className="text-slate-700">Aucun visiteur pour le moment.</p> : null}
        {meetings.map((m) => (
          <div key={m.id} className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="pb-2 text-left font-semibold text-slate-900">{`Réunion du ${meetingWhen(m.startsAt)}`}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-600">
                  <th scope="col" className="py-2 pr-4">
                    Visiteur
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Métier
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Invité par
                  </th>
                </tr>
              </thead>
              <tbody>
                {m.visitors.map((v) => (
                  <tr key={v.id} className="border-b border-slate-100">
                    <td className="py-2 pr-4">
                      {v.name ?? 'Données effacées'}
                      {v.company ? ` (${v.company})` : ''}
                    </td>
                    <td className="py-2 pr-4">{v.tradeLabel ?? '-'}</td>
                    <td className="py-2 pr-4">{v.inviterName ?? (v.selfRegistered ? 'Inscrit seul' : '-')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      </section>
      <section aria-labelledby="group-conversion-title" className="flex flex-col gap-4">
        <h2 id="group-conversion-title" className="text-2xl font-bold text-slate-900">
          Taux de conversion par membre
        </h2>
        <p className="text-slate-700">{CONVERSION_DEFINITION}</p>
        {members.length === 0 ? (
          <p className="text-slate-700">Aucun membre n’a encore invité de visiteur.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-2 pr-4">
                  Membre
                </th>
                <th scope="col" className="py-2 pr-4">
                  Invités
                </th>
                <th scope="col" className="py-2 pr-4">
                  Devenus membres
                </th>
                <th scope="col" className="py-2 pr-4">
                  Taux
                </th>
              </tr>
            </thead>
            <tbody>
              {members.map((m) => (
                <tr key={m.userId} className="border-b border-slate-100">
                  <td className="py-2 pr-4">{m.name}</td>
                  <td className="py-2 pr-4">{m.invited}</td>
                  <td className="py-2 pr-4">{m.becameMembers}</td>
                  <td className="py-2 pr-4">{m.rate === null ? '-' : percent.format(m.rate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

/** The group's setting for the two follow-up mails (`Merci de votre visite`, the invitation to apply). */
function FollowUpSetting({ groupId, enabled }: { groupId: string; enabled: boolean }) {
  const id = useId();
  const save = useSetVisitorFollowUp(groupId);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="flex items-start gap-3 text-sm font-medium text-slate-900">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-4 accent-brand-700"
          checked={save.isPending ? Boolean(save.variables) : enabled}
          disabled={save.isPending}
          onChange={(e) =>
            save.mutate(e.target.checked, {
              onSuccess: () => notify.success(visitMessages.followUpSaved),
              onError: (error) => notify.error(apiErrorMessage(error, 'Le réglage n’a pas pu être enregistré.')),
            })
          }
        />
        {visitMessages.followUpSetting}
      </label>
    </div>
  );
}
