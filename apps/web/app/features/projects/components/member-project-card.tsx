import { projectMessages } from '@synergie/shared/project-constants';
import { ExternalLink as ExternalLinkIcon, Pencil, Trash2 } from 'lucide-react';
import { ExternalLink } from '~/components/external-link';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '~/components/ui/card';
import { storedImageSrc } from '~/lib/stored-image';
import type { Project } from '../api/projects';
import { ProjectDescription } from './project-description';

/** A member's project; its owner also gets edit and delete (the server checks ownership again). */
export function MemberProjectCard({
  project,
  isOwner,
  onEdit,
  onDelete,
}: {
  project: Project;
  isOwner: boolean;
  onEdit: (project: Project) => void;
  onDelete: (project: Project) => void;
}) {
  const src = storedImageSrc(project.imageUrl);
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      {src || project.category ? (
        <div className="relative">
          {src ? (
            <img
              src={src}
              alt=""
              width={800}
              height={500}
              loading="lazy"
              decoding="async"
              className="aspect-[8/5] w-full bg-slate-100 object-cover"
            />
          ) : null}
          {project.category ? (
            <Badge variant="accent" className={src ? 'absolute left-4 top-4 shadow-sm' : 'ml-6 mt-6'}>
              {project.category}
            </Badge>
          ) : null}
        </div>
      ) : null}
      <CardHeader>
        <CardTitle>{project.title}</CardTitle>
        {project.ownerName ? <p className="text-sm text-slate-600">Par {project.ownerName}</p> : null}
        {project.description ? <ProjectDescription text={project.description} /> : null}
      </CardHeader>
      <CardContent className="mt-auto flex flex-col gap-4">
        {project.tags.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label="Mots-clés">
            {project.tags.map((tag) => (
              <li key={tag}>
                <Badge variant="secondary">{tag}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
      {project.projectUrl || isOwner ? (
        <CardFooter className="flex flex-wrap gap-2">
          {project.projectUrl ? (
            <Button asChild variant="outline" size="sm">
              <ExternalLink href={project.projectUrl} context={`: ${project.title}`}>
                <ExternalLinkIcon aria-hidden="true" />
                {projectMessages.view}
              </ExternalLink>
            </Button>
          ) : null}
          {isOwner ? (
            <>
              <Button type="button" variant="ghost" size="sm" onClick={() => onEdit(project)}>
                <Pencil aria-hidden="true" />
                Modifier<span className="sr-only"> le projet {project.title}</span>
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="text-red-700 hover:text-red-800"
                onClick={() => onDelete(project)}
              >
                <Trash2 aria-hidden="true" />
                Supprimer<span className="sr-only"> le projet {project.title}</span>
              </Button>
            </>
          ) : null}
        </CardFooter>
      ) : null}
    </Card>
  );
}
