import { directoryMessages, formatAverageRating, ratingsCountLabel } from '@synergie/shared/directory-constants';
import { formatCount } from '@synergie/shared/format';
import {
  Check,
  ExternalLink as ExternalLinkIcon,
  Globe,
  HandHeart,
  Handshake,
  MapPin,
  MessageSquareQuote,
  Send,
  Star,
  UsersRound,
} from 'lucide-react';
import { Link } from 'react-router';
import { ExternalLink } from '~/components/external-link';
import { MemberAvatar } from '~/components/member-avatar';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { ScoreBadge } from '~/features/score';
import type { MemberCard as Member } from '../api/network';

const linkIcons = [
  ['websiteUrl', Globe, 'Site web'],
  ['linkedinUrl', ExternalLinkIcon, 'LinkedIn'],
  ['twitterUrl', ExternalLinkIcon, 'X'],
  ['githubUrl', ExternalLinkIcon, 'GitHub'],
  ['facebookUrl', ExternalLinkIcon, 'Facebook'],
] as const;

/** `Notaire, droit rural`: the trade of the catalogue and the specialty; the legacy profession otherwise. */
export function memberTradeLine(member: Pick<Member, 'trade' | 'specialty' | 'profession'>): string | null {
  if (member.trade) return member.specialty ? `${member.trade.label}, ${member.specialty}` : member.trade.label;
  return member.profession;
}

/** One member of the directory (spec sections 4 and 9). */
export function MemberCard({
  member,
  onRate,
  onContact,
}: {
  member: Member;
  onRate: (member: Member) => void;
  onContact: (member: Member) => void;
}) {
  const average = formatAverageRating(member.averageRating);
  const headingId = `member-${member.userId}`;
  return (
    <Card
      className="flex h-full min-w-0 flex-col gap-4 p-6 [overflow-wrap:anywhere]"
      aria-labelledby={headingId}
      role="article"
    >
      <div className="flex items-start gap-4">
        <MemberAvatar name={member.fullName} avatarUrl={member.avatarUrl} size="xl" />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="truncate text-lg font-semibold text-slate-900">
            {member.fullName}
          </h3>
          {member.companyName ? <p className="truncate text-sm text-slate-700">{member.companyName}</p> : null}
          <p className="text-sm text-slate-600">
            {[memberTradeLine(member), member.industry].filter(Boolean).join(' · ')}
          </p>
          {member.group ? (
            <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
              <UsersRound aria-hidden="true" className="size-3.5" />
              <Link
                to={`/groupes/${member.group.slug}`}
                className="font-medium text-brand-700 underline-offset-4 hover:underline"
              >
                {member.group.name}
              </Link>
            </p>
          ) : null}
          {member.city ? (
            <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
              <MapPin aria-hidden="true" className="size-3.5" />
              {member.city}
            </p>
          ) : null}
        </div>
      </div>

      <p className="flex items-center gap-1 text-sm text-slate-700">
        <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
        {average ? (
          <>
            <span className="font-semibold">{average}</span>
            <span>{ratingsCountLabel(member.ratingsCount)}</span>
            <span className="sr-only">sur 5</span>
          </>
        ) : (
          <span>{directoryMessages.noRatings}</span>
        )}
      </p>

      {member.score ? (
        <p className="text-sm text-slate-700">
          <ScoreBadge score={member.score.score} colour={member.score.colour} computedOn={member.score.computedOn} />
        </p>
      ) : null}

      {member.testimonialsCount > 0 ? (
        <p className="flex items-center gap-1 text-sm text-slate-700">
          <MessageSquareQuote aria-hidden="true" className="size-4 text-brand-700" />
          <Link
            to={`/membres/${encodeURIComponent(member.userId)}`}
            className="text-brand-700 underline-offset-4 hover:underline"
          >
            {formatCount(member.testimonialsCount, { one: 'témoignage', other: 'témoignages' })}
            <span className="sr-only"> sur {member.fullName}</span>
          </Link>
        </p>
      ) : null}

      {member.bio ? <p className="line-clamp-2 text-sm text-slate-700">{member.bio}</p> : null}

      {member.skills.length > 0 ? (
        <div>
          <p className="sr-only">Compétences</p>
          <ul className="flex flex-wrap gap-1.5" aria-label="Compétences">
            {member.skills.map((skill) => (
              <li key={skill}>
                <Badge variant="secondary">{skill}</Badge>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {member.lookingFor.length > 0 ? (
        <div>
          <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">Recherche</p>
          <ul className="flex flex-wrap gap-1.5" aria-label="Recherche">
            {member.lookingFor.map((item) => (
              <li key={item}>
                <Badge variant="accent">{item}</Badge>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {linkIcons.some(([key]) => member.links[key]) ? (
        <ul className="flex flex-wrap gap-x-3 gap-y-1" aria-label="Liens">
          {linkIcons.map(([key, Icon, label]) => {
            const href = member.links[key];
            return href ? (
              <li key={key}>
                <ExternalLink
                  href={href}
                  nofollow
                  context={`de ${member.fullName}`}
                  className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
                >
                  <Icon aria-hidden="true" className="size-3.5" />
                  {label}
                </ExternalLink>
              </li>
            ) : null;
          })}
        </ul>
      ) : null}

      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        {/* `Recommander` (network-core §3): the form with this member already chosen. */}
        <Button asChild variant="accent" size="sm">
          <Link to={`/recommandations/nouvelle?pour=${encodeURIComponent(member.userId)}`}>
            <HandHeart aria-hidden="true" />
            Recommander<span className="sr-only"> {member.fullName}</span>
          </Link>
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => onRate(member)}>
          <Star aria-hidden="true" />
          {member.myRating ? `Ma note\u00a0: ${member.myRating}/5` : 'Évaluer'}
          <span className="sr-only"> {member.fullName}</span>
        </Button>
        {member.contactStatus === 'none' ? (
          <Button type="button" size="sm" onClick={() => onContact(member)}>
            <Send aria-hidden="true" />
            Contacter<span className="sr-only"> {member.fullName}</span>
          </Button>
        ) : member.contactStatus === 'pending_sent' ? (
          <Button type="button" size="sm" variant="secondary" disabled>
            <Check aria-hidden="true" />
            {directoryMessages.contactPending}
          </Button>
        ) : member.contactStatus === 'pending_received' ? (
          <Badge variant="accent" className="self-center">
            Vous a envoyé une demande
          </Badge>
        ) : (
          <Badge variant="success" className="self-center">
            <Handshake aria-hidden="true" className="mr-1 size-3.5" />
            En contact
          </Badge>
        )}
      </div>
    </Card>
  );
}
