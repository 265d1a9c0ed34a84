// The sample business opportunities: the public surface (docs/architecture.md "Feature boundaries").
export { OpportunityCard } from './components/opportunity-card';
export { sampleOpportunities } from './sample-opportunities';
