import { GroupRecommendationTotals } from '~/features/recommendations';

/** `Vue d'ensemble` of the leaders' page. */
export default function GroupHealthOverview({ groupId }: { groupId: string }) {
  return <GroupRecommendationTotals groupId={groupId} />;
}
