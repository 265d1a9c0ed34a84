import { formatCalendarDate, formatCount } from '@synergie/shared/format';
import { CalendarDays, MessageSquare, User } from 'lucide-react';
import { Badge } from '~/components/ui/badge';
import { Card, CardHeader, CardTitle } from '~/components/ui/card';
import type { ForumTopic } from '../sample-topics';

export function ForumTopicCard({ topic }: { topic: ForumTopic }) {
  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-2">
          <Badge variant="secondary" className="self-start">
            {topic.category}
          </Badge>
          <CardTitle>{topic.title}</CardTitle>
          <p className="flex items-center gap-1.5 text-sm text-slate-600">
            <User aria-hidden="true" className="size-4" />
            <span>
              <span className="sr-only">Auteur : </span>
              {topic.author}
            </span>
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600 sm:flex-col sm:items-end">
          <p className="flex items-center gap-1.5">
            <MessageSquare aria-hidden="true" className="size-4" />
            {formatCount(topic.replies, { one: 'réponse', other: 'réponses' })}
          </p>
          <p className="flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-4" />
            <span>
              Dernière activité le <time dateTime={topic.lastActivity}>{formatCalendarDate(topic.lastActivity)}</time>
            </span>
          </p>
        </div>
      </CardHeader>
    </Card>
  );
}
