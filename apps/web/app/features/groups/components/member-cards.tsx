import type { GroupMemberCard } from '@synergie/shared/groups';
import { Link } from 'react-router';
import { MemberAvatar } from '~/components/member-avatar';
import { Badge } from '~/components/ui/badge';

/** The group's members: name, trade, company and leader role, each linking to the member's page. */
export function MemberCards({ members, headingLevel = 3 }: { members: GroupMemberCard[]; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  if (members.length === 0) return <p className="text-slate-600">Aucun membre pour le moment.</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {members.map((member) => (
        <li key={member.userId}>
          <article className="relative flex h-full items-start gap-4 rounded-xl border border-slate-200 bg-white p-4 focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-sm">
            <MemberAvatar name={member.fullName} avatarUrl={member.avatarUrl} size="xl" />
            <div className="min-w-0 flex-1">
              <Heading className="font-semibold text-slate-900">
                <Link to={`/membres/${member.userId}`} className="after:absolute after:inset-0 focus:outline-none">
                  {member.fullName}
                </Link>
              </Heading>
              <p className="text-sm text-slate-700">
                {member.tradeLabel}
                {member.specialty ? <span className="text-slate-600">, {member.specialty}</span> : null}
              </p>
              {member.companyName ? <p className="text-sm text-slate-600">{member.companyName}</p> : null}
              {member.roleLabel ? (
                <Badge className="mt-2" variant="default">
                  {member.roleLabel}
                </Badge>
              ) : null}
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
