import { PROJECT_DESCRIPTION_PREVIEW, projectMessages } from '@synergie/shared/project-constants';
import { useId, useState } from 'react';
import { cn } from '~/lib/utils';

/** Spec section 2: over 150 characters, the text is clamped to 4 lines with 'Voir plus'/'Voir moins'. */
export function ProjectDescription({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const long = text.length > PROJECT_DESCRIPTION_PREVIEW;
  return (
    <div className="flex flex-col items-start gap-1">
      <p id={id} className={cn('whitespace-pre-line text-sm text-slate-600', long && !expanded && 'line-clamp-4')}>
        {text}
      </p>
      {long ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((v) => !v)}
          className="rounded text-sm font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {expanded ? projectMessages.showLess : projectMessages.showMore}
        </button>
      ) : null}
    </div>
  );
}
