// Members' projects (portfolio): the public surface (docs/architecture.md "Feature boundaries").
export { MemberProjects } from './components/member-projects';
export { SampleProjectCard } from './components/sample-project-card';
export { sampleProjects } from './samples';
