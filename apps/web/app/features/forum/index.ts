// The forum's sample topics: the public surface (docs/architecture.md "Feature boundaries").
export { ForumTopicCard } from './components/forum-topic-card';
export { sampleTopics } from './sample-topics';
