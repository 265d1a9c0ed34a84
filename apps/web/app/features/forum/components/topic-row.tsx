import { forumMessages as M } from '@synergie/shared/forum-constants';
import { CheckCircle2 } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'react-router';
import { Badge } from '~/components/ui/badge';
import type { ForumTopicsResponse } from '../api/forum';
import { forumDay, replies } from '../lib/format';

type TopicSummary = ForumTopicsResponse['topics'][number];

/** A topic in a list (a category, the search, the landing): its title links to it; `category` names where it is. */
export function TopicRow({
  topic,
  extra,
  category,
}: {
  topic: TopicSummary;
  extra?: React.ReactNode;
  category?: string;
}) {
  return (
    <article className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 className="text-lg font-semibold break-words text-slate-900">
        <Link to={`/forum/sujets/${encodeURIComponent(topic.id)}`} className="hover:text-brand-800 hover:underline">
          {topic.title}
        </Link>
      </h3>
      <p className="text-sm text-slate-600">
        {category ? (
          <>
            <Link
              to={`/forum/${encodeURIComponent(topic.categorySlug)}`}
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {category}
            </Link>
            {' · '}
          </>
        ) : null}
        Par {topic.author.id ? topic.author.name : M.formerMember} · {replies(topic.replyCount)} · dernière activité le{' '}
        {forumDay(topic.lastActivityAt)}
      </p>
      {topic.hidden ? <Badge variant="secondary">Masqué</Badge> : null}
      {extra}
      {topic.hasAcceptedAnswer ? (
        <div className="flex flex-col gap-1 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">
          <span className="flex items-center gap-1.5 font-semibold">
            <CheckCircle2 aria-hidden="true" className="size-4" />
            {M.acceptedAnswer}
          </span>
          {topic.acceptedExcerpt ? <span className="line-clamp-2">{topic.acceptedExcerpt}</span> : null}
        </div>
      ) : null}
    </article>
  );
}
