import { PROJECT_SKELETONS, projectMessages } from '@synergie/shared/project-constants';
import { FolderOpen, Plus } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { EmptyState } from '~/components/empty-state';
import { LoadError, Loading } from '~/components/query-state';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { useSession } from '~/features/auth';
import { type Project, type ProjectScope, useProjects } from '../api/projects';
import { MemberProjectCard } from './member-project-card';

// Loaded on first use: zod, react-hook-form and the dialog stay out of the page's first load.
const ProjectDialog = lazy(() => import('./project-dialog'));
const DeleteProjectDialog = lazy(() => import('./delete-project-dialog'));

function ProjectSkeleton() {
  return (
    <Card className="flex h-full flex-col overflow-hidden" data-slot="project-skeleton">
      <div className="aspect-[8/5] w-full animate-pulse bg-slate-200" />
      <div className="flex flex-col gap-3 p-6">
        <div className="h-5 w-2/3 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-full animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-5/6 animate-pulse rounded bg-slate-200" />
      </div>
    </Card>
  );
}

/**
 * The members' projects (scope 'all', /portfolio) or the member's own (scope 'mine',
 * /my-projects): 3 skeletons while loading, the empty state, 'Créer un projet' for a signed-in
 * member, and edit/delete on the member's own projects.
 */
export function MemberProjects({
  scope,
  title,
  headingId,
  emptyText = projectMessages.empty,
}: {
  scope: ProjectScope;
  title: string;
  headingId: string;
  emptyText?: string;
}) {
  const session = useSession();
  const userId = session.data?.user.id ?? null;
  const projects = useProjects(scope);
  // null until first opened: the dialog's code is fetched then.
  const [editor, setEditor] = useState<{ open: boolean; project: Project | null } | null>(null);
  const [toDelete, setToDelete] = useState<Project | null>(null);
  const [deleteLoaded, setDeleteLoaded] = useState(false);

  // Spec section 8: a failed load is only logged (no toast); the section offers a retry.
  useEffect(() => {
    if (projects.error) console.error('Impossible de charger les projets', projects.error);
  }, [projects.error]);

  const items = projects.data?.pages.flatMap((page) => page.projects) ?? [];
  const openEditor = (project: Project | null) => setEditor({ open: true, project });
  const askDelete = (project: Project) => {
    setDeleteLoaded(true);
    setToDelete(project);
  };

  return (
    <section aria-labelledby={headingId}>
      <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
        <h2 id={headingId} className="text-3xl font-bold tracking-tight text-slate-900">
          {title}
        </h2>
        {userId ? (
          <Button type="button" onClick={() => openEditor(null)}>
            <Plus aria-hidden="true" />
            {projectMessages.create}
          </Button>
        ) : null}
      </div>

      {projects.isPending ? (
        <Loading label="Chargement des projets">
          <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
            {Array.from({ length: PROJECT_SKELETONS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
              <li key={i}>
                <ProjectSkeleton />
              </li>
            ))}
          </ul>
        </Loading>
      ) : projects.isError ? (
        <LoadError message={projectMessages.loadFailed} onRetry={() => projects.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={FolderOpen} className="bg-white">
          {emptyText}
        </EmptyState>
      ) : (
        <>
          <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((project) => (
              <li key={project.id}>
                <MemberProjectCard
                  project={project}
                  isOwner={project.userId === userId}
                  onEdit={openEditor}
                  onDelete={askDelete}
                />
              </li>
            ))}
          </ul>
          {projects.hasNextPage ? (
            <div className="mt-8 flex justify-center">
              <Button
                type="button"
                variant="outline"
                disabled={projects.isFetchingNextPage}
                onClick={() => projects.fetchNextPage()}
              >
                {projects.isFetchingNextPage ? 'Chargement…' : 'Afficher plus de projets'}
              </Button>
            </div>
          ) : null}
        </>
      )}

      {editor ? (
        <Suspense fallback={null}>
          <ProjectDialog
            open={editor.open}
            project={editor.project}
            onOpenChange={(open) => setEditor((current) => current && { ...current, open })}
          />
        </Suspense>
      ) : null}
      {deleteLoaded ? (
        <Suspense fallback={null}>
          <DeleteProjectDialog project={toDelete} onOpenChange={(open) => !open && setToDelete(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
