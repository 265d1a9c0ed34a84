import { directoryMessages, sharedProjectStatusLabels } from '@synergie/shared/directory-constants';
import { Handshake, Pencil } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '~/components/empty-state';
import { MemberAvatar } from '~/components/member-avatar';
import { LoadError, Loading } from '~/components/query-state';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { useSessionExpiryOf, useSharedProjects } from '../api/network';

// Loaded on first use: the editor validates with the shared zod schema.
const SharedProjectEditor = lazy(() => import('./shared-project-editor'));

const statusVariant = { to_start: 'secondary', in_progress: 'default', done: 'success' } as const;

/**
 * The collaborative projects born of accepted contact requests (docs/product/decisions.md "Networking"),
 * shared by both members: either edits the title, notes and status in place. For /my-projects.
 */
export function SharedProjectsSection() {
  const projects = useSharedProjects();
  useSessionExpiryOf(projects.error);
  const [editing, setEditing] = useState<string | null>(null);
  const items = projects.data?.projects ?? [];

  return (
    <section aria-labelledby="shared-projects-title">
      <h2 id="shared-projects-title" className="mb-8 text-3xl font-bold tracking-tight text-slate-900">
        Projets communs
      </h2>
      {projects.isPending ? (
        <Loading label="Chargement des projets communs…">
          <div className="h-40 animate-pulse rounded-xl bg-slate-200" aria-hidden="true" />
        </Loading>
      ) : projects.isError ? (
        <LoadError message={directoryMessages.sharedProjectsLoadFailed} onRetry={() => projects.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={Handshake}
          className="bg-white"
          action={
            <Button asChild variant="outline">
              <Link to="/members">Trouver des membres</Link>
            </Button>
          }
        >
          Aucun projet commun pour le moment. Quand une demande de contact est acceptée, le projet commun des deux
          membres apparaît ici.
        </EmptyState>
      ) : (
        <ul className="grid gap-6 md:grid-cols-2">
          {items.map((project) => (
            <li key={project.id}>
              <Card className="flex h-full flex-col gap-4 p-6">
                {editing === project.id ? (
                  <Suspense fallback={<Loading variant="text" className="text-sm" />}>
                    <SharedProjectEditor project={project} onDone={() => setEditing(null)} />
                  </Suspense>
                ) : (
                  <>
                    <div className="flex items-start justify-between gap-3">
                      <h3 className="text-lg font-semibold text-slate-900">{project.title}</h3>
                      <Badge variant={statusVariant[project.status]}>{sharedProjectStatusLabels[project.status]}</Badge>
                    </div>
                    <div className="flex items-center gap-3">
                      <MemberAvatar name={project.partner.fullName} avatarUrl={project.partner.avatarUrl} size="sm" />
                      <p className="text-sm text-slate-700">
                        Avec <span className="font-semibold">{project.partner.fullName}</span>
                        {project.partner.companyName ? ` (${project.partner.companyName})` : ''}
                      </p>
                    </div>
                    {project.notes ? (
                      <p className="whitespace-pre-line text-sm text-slate-700">{project.notes}</p>
                    ) : (
                      <p className="text-sm italic text-slate-600">Pas encore de notes.</p>
                    )}
                    <div className="mt-auto">
                      <Button type="button" variant="outline" size="sm" onClick={() => setEditing(project.id)}>
                        <Pencil aria-hidden="true" />
                        Modifier<span className="sr-only"> le projet «&nbsp;{project.title}&nbsp;»</span>
                      </Button>
                    </div>
                  </>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
