import { Building2, Mail } from 'lucide-react';
import { MemberAvatar } from '~/components/member-avatar';
import type { MeResponse } from '../api/get-me';
import { bioPreview } from '../lib/bio-preview';

/** Who is signed in: avatar, name, company and the bio preview (its first 100 characters). */
export function ProfileHeader({ me }: { me: MeResponse }) {
  const { profile, user } = me;
  const name = profile.fullName ?? user.name;
  const preview = bioPreview(profile.bio);
  return (
    <header className="flex flex-col gap-5 sm:flex-row sm:items-center">
      <MemberAvatar name={name} avatarUrl={profile.avatarUrl} size="2xl" eager className="border border-slate-200" />
      <div className="flex min-w-0 flex-col gap-1">
        <h2 className="text-2xl font-bold break-words text-slate-900">{name}</h2>
        {profile.companyName ? (
          <p className="flex items-center gap-2 text-slate-700">
            <Building2 aria-hidden="true" className="size-4 shrink-0" />
            {profile.companyName}
          </p>
        ) : null}
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Mail aria-hidden="true" className="size-4 shrink-0" />
          <span className="break-all">{user.email}</span>
        </p>
        {preview ? <p className="mt-1 max-w-2xl text-sm break-words text-slate-700">{preview}</p> : null}
      </div>
    </header>
  );
}
