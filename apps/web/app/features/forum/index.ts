// The forum and mutual help (network-core §9): the public surface (docs/architecture.md "Feature
// boundaries"). Pure re-exports: each page loads only the modules it uses.
export { ForumCategoriesAdmin } from './components/admin-categories';
export { CategoryView } from './components/category-view';
export { ForumHome } from './components/forum-home';
export { ForumText } from './components/forum-text';
export { ModerationView } from './components/moderation-view';
export { NewTopicView } from './components/new-topic-view';
export { SearchView } from './components/search-view';
export { TopicView } from './components/topic-view';
