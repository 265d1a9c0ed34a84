// The forum and mutual help (network-core §9): the public surface (docs/architecture.md "Feature
// boundaries"). Pure re-exports: each page loads only the modules it uses (the pages under
// /forum/:slug and /forum/sujets/:topicId load their view on demand: components/forum-pages.tsx).
export { ForumHome } from './components/forum-home';
export { FORUM_SUBPAGES, ForumAdminPage, ForumSlugPage, ForumTopicPage } from './components/forum-pages';
export { ForumText } from './components/forum-text';
