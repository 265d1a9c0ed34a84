import { FORUM_POSTS_PAGE_SIZE, forumMessages as M } from '@synergie/shared/forum-constants';
import { ArrowLeft, CheckCircle2, Pencil } from 'lucide-react';
import type * as React from 'react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Pagination, pageCount } from '~/components/pagination';
import { LoadError, Loading, NotFound } from '~/components/query-state';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { useSession } from '~/features/auth';
import { ApiRequestError, apiErrorMessage, isNotFoundError } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import {
  type ForumPost,
  type ForumTopicResponse,
  useAccept,
  useEditPost,
  useEditTopic,
  useForumTopic,
  useReply,
} from '../api/forum';
import { forumDateTime, pageParam, replies, stillEditable } from '../lib/format';
import { PostForm, TopicForm } from './forum-forms';
import { ForumText } from './forum-text';
import { ModerateDialog, ReportDialog } from './moderation-dialogs';

type Viewer = ForumTopicResponse['viewer'];
type Topic = ForumTopicResponse['topic'];

function AuthorName({ author }: { author: ForumPost['author'] }) {
  if (!author.id) return <span className="font-semibold text-slate-900">{M.formerMember}</span>;
  return (
    <Link to={`/membres/${encodeURIComponent(author.id)}`} className="font-semibold text-slate-900 hover:underline">
      {author.name}
    </Link>
  );
}

/** One message: the question or a reply, with what the viewer may do on it. */
export function PostCard({
  post,
  kind,
  viewer,
  viewerId,
  topicId,
  editor,
  onEdit,
}: {
  post: ForumPost;
  kind: 'topic' | 'post';
  viewer: Viewer;
  viewerId: string | null;
  topicId: string;
  /** The edit form, while the author edits this message. */
  editor?: React.ReactNode;
  onEdit?: () => void;
}) {
  const accept = useAccept();
  const who = post.author.id ? post.author.name : M.formerMember;
  const what = kind === 'topic' ? `la question de ${who}` : `le message de ${who}`;
  const target = { kind, id: kind === 'topic' ? topicId : post.id } as const;
  const own = viewerId !== null && post.author.id === viewerId;
  const hiddenFromViewer = post.hidden !== null && !viewer.canModerate;
  const editable = own && !post.hidden && stillEditable(post.editableUntil);

  const setAccepted = async (postId: string | null) => {
    try {
      await accept.mutateAsync({ topicId, postId });
      notify.success(postId ? 'Réponse marquée comme acceptée.' : 'Réponse acceptée retirée.');
    } catch (error) {
      notify.error(apiErrorMessage(error, 'Le choix de la réponse n’a pas pu être enregistré.'));
    }
  };

  return (
    <article
      id={`message-${post.id}`}
      aria-label={kind === 'topic' ? `Question de ${who}` : `Réponse de ${who}`}
      className={
        post.accepted
          ? 'flex flex-col gap-3 rounded-xl border-2 border-green-600 bg-white p-5 shadow-sm'
          : 'flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm'
      }
    >
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
        <AuthorName author={post.author} />
        {post.author.trade ? <span>· {post.author.trade}</span> : null}
        <span>
          · <time dateTime={post.createdAt}>{forumDateTime(post.createdAt)}</time>
        </span>
        {post.editedAt ? (
          <span className="italic" title={`Modifié le ${forumDateTime(post.editedAt)}`}>
            · {M.edited}
          </span>
        ) : null}
        {post.accepted ? (
          <Badge variant="success" className="gap-1">
            <CheckCircle2 aria-hidden="true" className="size-3.5" />
            {M.acceptedAnswer}
          </Badge>
        ) : null}
      </header>
      {hiddenFromViewer ? (
        <p className="italic text-slate-600">{M.hiddenPlaceholder}</p>
      ) : editor ? (
        editor
      ) : (
        <>
          {post.hidden ? (
            <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              Masqué par la modération le {forumDateTime(post.hidden.at)}&nbsp;: {post.hidden.reason}
            </p>
          ) : null}
          {post.body !== null ? <ForumText body={post.body} mentions={post.mentions} /> : null}
        </>
      )}
      {editor ? null : (
        <footer className="flex flex-wrap items-center gap-2">
          {editable && onEdit ? (
            <Button type="button" variant="ghost" size="sm" onClick={onEdit} aria-label={`Modifier ${what}`}>
              <Pencil aria-hidden="true" />
              Modifier
            </Button>
          ) : null}
          {kind === 'post' && viewer.canAccept && !post.hidden ? (
            <Button
              type="button"
              variant={post.accepted ? 'outline' : 'default'}
              size="sm"
              disabled={accept.isPending}
              onClick={() => setAccepted(post.accepted ? null : post.id)}
            >
              {post.accepted ? M.unaccept : M.accept}
            </Button>
          ) : null}
          {viewerId && !own && !post.hidden ? (
            post.reportedByMe ? (
              <span className="text-sm text-slate-600">Signalé</span>
            ) : (
              <ReportDialog target={target} what={what} />
            )
          ) : null}
          {viewer.canModerate ? (
            <ModerateDialog target={target} action={post.hidden ? 'restore' : 'hide'} what={what} />
          ) : null}
        </footer>
      )}
    </article>
  );
}

/** The topic's own edit: title, text and `Question publique` (national categories). */
function TopicEditor({ data, onClose }: { data: ForumTopicResponse; onClose: () => void }) {
  const edit = useEditTopic();
  const topic: Topic = data.topic;
  return (
    <TopicForm
      submitLabel="Enregistrer"
      initial={{ title: topic.title, body: topic.body ?? '', isPublic: topic.isPublic }}
      initialMentions={topic.mentions}
      allowPublic={!data.category.group}
      failure="La question n’a pas pu être modifiée."
      onCancel={onClose}
      onSubmit={async (body) => {
        await edit.mutateAsync({ id: topic.id, ...body });
        notify.success('Question modifiée.');
        onClose();
      }}
    />
  );
}

function ReplyEditor({ post, onClose }: { post: ForumPost; onClose: () => void }) {
  const edit = useEditPost();
  return (
    <PostForm
      label="Modifier votre réponse"
      submitLabel="Enregistrer"
      initialBody={post.body ?? ''}
      initialMentions={post.mentions}
      failure="La réponse n’a pas pu être modifiée."
      onCancel={onClose}
      onSubmit={async (body) => {
        await edit.mutateAsync({ id: post.id, ...body });
        notify.success('Réponse modifiée.');
        onClose();
      }}
    />
  );
}

function ReplyArea({ data, signedIn, page }: { data: ForumTopicResponse; signedIn: boolean; page: number }) {
  const reply = useReply();
  const navigate = useNavigate();
  const location = useLocation();
  if (data.viewer.canReply) {
    return (
      <PostForm
        label="Votre réponse"
        submitLabel={M.reply}
        failure="Votre réponse n’a pas pu être publiée."
        onSubmit={async (body) => {
          await reply.mutateAsync({ topicId: data.topic.id, ...body });
          notify.success('Votre réponse est publiée.');
          const last = pageCount(data.total + 1, FORUM_POSTS_PAGE_SIZE);
          if (last !== page) navigate(`/forum/sujets/${encodeURIComponent(data.topic.id)}?page=${last}`);
        }}
      />
    );
  }
  if (!signedIn) {
    return (
      <p className="text-slate-700">
        <Link
          to="/auth"
          state={{ from: `${location.pathname}${location.search}` }}
          className="font-semibold text-brand-700 underline hover:text-brand-900"
        >
          Connectez-vous
        </Link>{' '}
        pour répondre.
      </p>
    );
  }
  if (data.category.archived) return <p className="text-slate-700">Cette catégorie est archivée.</p>;
  return (
    <p className="text-slate-700">
      {M.subscribeToPost}{' '}
      <Link to="/pricing" className="font-semibold text-brand-700 underline hover:text-brand-900">
        Voir les offres
      </Link>
    </p>
  );
}

/** The topic once loaded: the question, `Réponse acceptée` first, the replies in order, paged. */
export function TopicContent({
  data,
  viewerId,
  page,
}: {
  data: ForumTopicResponse;
  viewerId: string | null;
  page: number;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const { topic, viewer } = data;
  const accepted = data.acceptedAnswer;
  const posts = data.posts.filter((p) => p.id !== accepted?.id);
  const close = () => setEditing(null);
  const href = (p: number) => `/forum/sujets/${encodeURIComponent(topic.id)}${p > 1 ? `?page=${p}` : ''}`;
  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
          <p className="mb-2 text-sm font-semibold uppercase tracking-wide text-brand-100">
            {M.title} · {data.category.name}
          </p>
          <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{topic.title}</h1>
          <p className="mt-3 flex flex-wrap gap-2 text-brand-50">
            {replies(topic.replyCount)}
            {topic.isPublic ? <Badge variant="secondary">Question publique</Badge> : null}
            {data.category.group ? <Badge variant="accent">{M.groupOnly}</Badge> : null}
          </p>
          <Button asChild variant="onDark" size="sm" className="mt-4">
            <Link to={`/forum/${encodeURIComponent(data.category.slug)}`}>
              <ArrowLeft aria-hidden="true" />
              {data.category.name}
            </Link>
          </Button>
        </div>
      </section>
      <div className="mx-auto flex max-w-4xl flex-col gap-10 px-4 py-10 sm:px-6">
        <section aria-labelledby="forum-question-title" className="flex flex-col gap-3">
          <h2 id="forum-question-title" className="sr-only">
            La question
          </h2>
          <PostCard
            post={topic}
            kind="topic"
            viewer={viewer}
            viewerId={viewerId}
            topicId={topic.id}
            onEdit={() => setEditing(topic.id)}
            editor={editing === topic.id ? <TopicEditor data={data} onClose={close} /> : undefined}
          />
        </section>
        {accepted ? (
          <section aria-labelledby="forum-accepted-title" className="flex flex-col gap-3">
            <h2 id="forum-accepted-title" className="text-2xl font-bold text-green-800">
              {M.acceptedAnswer}
            </h2>
            <PostCard
              post={accepted}
              kind="post"
              viewer={viewer}
              viewerId={viewerId}
              topicId={topic.id}
              onEdit={() => setEditing(accepted.id)}
              editor={editing === accepted.id ? <ReplyEditor post={accepted} onClose={close} /> : undefined}
            />
          </section>
        ) : null}
        <section aria-labelledby="forum-replies-title" className="flex flex-col gap-4">
          <h2 id="forum-replies-title" className="text-2xl font-bold text-slate-900">
            Réponses <span className="text-base font-normal text-slate-600">({topic.replyCount})</span>
          </h2>
          {posts.length === 0 && !accepted ? (
            <p className="text-slate-700">Pas encore de réponse.</p>
          ) : (
            <ol className="flex flex-col gap-4">
              {posts.map((post) => (
                <li key={post.id}>
                  <PostCard
                    post={post}
                    kind="post"
                    viewer={viewer}
                    viewerId={viewerId}
                    topicId={topic.id}
                    onEdit={() => setEditing(post.id)}
                    editor={editing === post.id ? <ReplyEditor post={post} onClose={close} /> : undefined}
                  />
                </li>
              ))}
            </ol>
          )}
          <Pagination page={page} pages={pageCount(data.total, data.pageSize)} href={href} />
        </section>
        <section aria-labelledby="forum-reply-title" className="flex flex-col gap-3">
          <h2 id="forum-reply-title" className="text-xl font-semibold text-slate-900">
            {M.reply}
          </h2>
          <ReplyArea data={data} signedIn={viewerId !== null} page={page} />
        </section>
      </div>
    </>
  );
}

/** /forum/sujets/:topicId: a visitor on a members' topic is asked to sign in; a group's topic stays its members'. */
export function TopicView({ topicId, notFound }: { topicId: string; notFound: React.ReactNode }) {
  const [params] = useSearchParams();
  const page = pageParam(params.get('page'));
  const query = useForumTopic(topicId, page);
  const session = useSession();
  const location = useLocation();
  const viewerId = session.data?.user.id ?? null;
  if (query.isPending) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-12">
        <Loading label="Chargement du sujet…" />
      </div>
    );
  }
  if (query.isError) {
    const error = query.error;
    if (isNotFoundError(error)) return <NotFound>{notFound}</NotFound>;
    let body: React.ReactNode;
    if (error instanceof ApiRequestError && error.code === 'FORUM_SIGN_IN_TO_READ') {
      body = (
        <div className="flex flex-col items-start gap-4 rounded-xl border border-slate-200 bg-white p-6">
          <p className="text-lg text-slate-800">{M.signInToRead}</p>
          <Button asChild>
            <Link to="/auth" state={{ from: `${location.pathname}${location.search}` }}>
              Se connecter
            </Link>
          </Button>
        </div>
      );
    } else if (error instanceof ApiRequestError && error.status === 403) {
      body = (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
          {error.message}
        </p>
      );
    } else {
      body = <LoadError error={error} message="Impossible de charger ce sujet." onRetry={() => query.refetch()} />;
    }
    return (
      <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-12">
        <h1 className="text-3xl font-bold text-slate-900">{M.title}</h1>
        {body}
        <p>
          <Link to="/forum" className="font-medium text-brand-700 hover:underline">
            Retour au forum
          </Link>
        </p>
      </div>
    );
  }
  return <TopicContent data={query.data} viewerId={viewerId} page={page} />;
}
