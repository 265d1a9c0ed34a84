import { publishedByLabel } from '@synergie/shared/job-messages';
import { BadgeCheck, Briefcase, Clock, MapPin, Send, Trash2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '~/components/ui/card';
import type { JobOffer } from '../api/get-jobs';

// Only authors see it: loaded with their first own offer, not with the page.
const JobApplications = lazy(() => import('./job-applications'));

/** One offer: its details, then what the viewer can do (apply, or delete and read applications). */
export function JobOfferCard({
  job,
  onApply,
  onDelete,
  onIntent,
}: {
  job: JobOffer;
  onApply: () => void;
  onDelete: () => void;
  /** The pointer or focus is near an action: start loading its dialog. */
  onIntent: () => void;
}) {
  const titleId = `job-${job.id}-title`;
  return (
    <Card className="flex flex-col" onPointerEnter={onIntent} onFocus={onIntent}>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={titleId} className="text-xl font-semibold leading-tight text-slate-900">
            {job.title}
          </h3>
          {job.isOwn ? <Badge variant="accent">Votre offre</Badge> : null}
        </div>
        <p className="text-sm text-slate-600">{publishedByLabel(job.author)}</p>
        <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700">
          <li className="flex items-center gap-1.5">
            <MapPin aria-hidden="true" className="size-4 text-brand-700" />
            <span className="sr-only">Localisation&nbsp;:</span>
            <span>{job.location}</span>
          </li>
          <li className="flex items-center gap-1.5">
            <Briefcase aria-hidden="true" className="size-4 text-brand-700" />
            <span className="sr-only">Type de contrat&nbsp;:</span>
            <span>{job.type}</span>
          </li>
          <li className="flex items-center gap-1.5">
            <Clock aria-hidden="true" className="size-4 text-brand-700" />
            <span className="sr-only">Expérience&nbsp;:</span>
            <span>{job.experience}</span>
          </li>
        </ul>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="whitespace-pre-line break-words text-slate-700">{job.description}</p>
        <div>
          <h4 className="sr-only">Compétences</h4>
          <ul className="flex flex-wrap gap-2">
            {job.skills.map((skill) => (
              <li key={skill}>
                <Badge variant="secondary">{skill}</Badge>
              </li>
            ))}
          </ul>
        </div>
        {job.isOwn ? (
          <Suspense fallback={null}>
            <JobApplications jobId={job.id} count={job.applicationCount ?? 0} />
          </Suspense>
        ) : null}
      </CardContent>
      <CardFooter className="mt-auto justify-end gap-2">
        {job.isOwn ? (
          <Button
            type="button"
            variant="outline"
            onClick={onDelete}
            aria-label={`Supprimer l’offre «\u00a0${job.title}\u00a0»`}
          >
            <Trash2 aria-hidden="true" />
            Supprimer
          </Button>
        ) : job.hasApplied ? (
          <p className="flex items-center gap-1.5 text-sm font-semibold text-green-800">
            <BadgeCheck aria-hidden="true" className="size-4" />
            Candidature envoyée
          </p>
        ) : (
          <Button type="button" onClick={onApply} aria-label={`Postuler à l’offre «\u00a0${job.title}\u00a0»`}>
            <Send aria-hidden="true" />
            Postuler
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
