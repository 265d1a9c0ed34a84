import { Link } from 'react-router';
import { ExternalLink } from '~/components/external-link';
import { cn } from '~/lib/utils';
import { forumTextPieces } from '../lib/forum-text';

/**
 * A forum message as plain text: its line breaks kept, http(s) addresses made links that tell
 * crawlers the member wrote them (`nofollow ugc`), `@Name` of mentioned members linked to their
 * page. React escapes every piece: `<script>` or `<img onerror>` show as the characters typed.
 */
export function ForumText({
  body,
  mentions = [],
  className,
}: {
  body: string;
  mentions?: readonly { id: string; name: string }[];
  className?: string;
}) {
  const pieces = forumTextPieces(body, mentions);
  return (
    <div className={cn('whitespace-pre-wrap break-words text-slate-800', className)}>
      {pieces.map((piece, i) => {
        const key = `${i}-${piece.kind}`;
        if (piece.kind === 'link') {
          return (
            <ExternalLink
              key={key}
              href={piece.href}
              nofollow
              className="font-medium text-brand-700 underline hover:text-brand-900"
            >
              {piece.text}
            </ExternalLink>
          );
        }
        if (piece.kind === 'mention') {
          return (
            <Link
              key={key}
              to={`/membres/${encodeURIComponent(piece.userId)}`}
              className="font-semibold text-brand-700 hover:underline"
            >
              {piece.text}
            </Link>
          );
        }
        return <span key={key}>{piece.text}</span>;
      })}
    </div>
  );
}
