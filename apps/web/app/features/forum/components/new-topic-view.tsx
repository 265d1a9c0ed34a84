import { forumMessages as M } from '@synergie/shared/forum-constants';
import { useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadError, Loading } from '~/components/query-state';
import { Label } from '~/components/ui/label';
import { notify } from '~/lib/toast';
import { useCreateTopic, useForumCategories } from '../api/forum';
import { TopicForm } from './forum-forms';
import { PostingCall } from './forum-home';

/** /forum/nouveau?categorie=slug: a subscriber asks a question in a category they may write in. */
export function NewTopicView() {
  const id = useId();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const categories = useForumCategories();
  const create = useCreateTopic();
  const open = (categories.data?.categories ?? []).filter((c) => !c.archived);
  const [slug, setSlug] = useState(params.get('categorie') ?? '');
  const chosen = open.find((c) => c.slug === slug) ?? open[0];

  if (categories.isPending) return <Loading label="Chargement des catégories…" />;
  if (categories.isError) {
    return (
      <LoadError
        error={categories.error}
        message="Impossible de charger le forum."
        onRetry={() => categories.refetch()}
      />
    );
  }
  if (!categories.data.viewer.canPost) return <PostingCall viewer={categories.data.viewer} />;
  if (!chosen) return <p className="text-slate-700">Aucune catégorie ouverte pour le moment.</p>;
  return (
    <TopicForm
      key={chosen.group ? 'group' : 'national'}
      submitLabel="Publier la question"
      allowPublic={!chosen.group}
      failure="Votre question n’a pas pu être publiée."
      categoryField={
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-category`}>Catégorie</Label>
          <select
            id={`${id}-category`}
            value={chosen.slug}
            onChange={(e) => setSlug(e.target.value)}
            className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
          >
            {open.map((c) => (
              <option key={c.id} value={c.slug}>
                {c.group ? `${c.name} (${M.groupOnly.toLowerCase()})` : c.name}
              </option>
            ))}
          </select>
        </div>
      }
      onSubmit={async (body) => {
        const topic = await create.mutateAsync({ slug: chosen.slug, ...body });
        notify.success('Votre question est publiée.');
        navigate(`/forum/sujets/${encodeURIComponent(topic.id)}`);
      }}
    />
  );
}
