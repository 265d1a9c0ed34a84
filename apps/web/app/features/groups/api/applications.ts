import type {
  Application,
  acceptApplicationSchema,
  applicationFormSchema,
  objectionFormSchema,
  refuseApplicationSchema,
} from '@synergie/shared/groups';
import type { z } from 'zod';
import { apiRequest } from '~/lib/api-client';
import { useGroupsMutation } from './invalidate';

type ApplyBody = z.output<typeof applicationFormSchema>;
type ObjectionBody = z.output<typeof objectionFormSchema>;
type AcceptBody = z.output<typeof acceptApplicationSchema>;
type RefuseBody = z.output<typeof refuseApplicationSchema>;

const groupPath = (groupId: string) => `/groups/${encodeURIComponent(groupId)}`;
const applicationPath = (groupId: string, applicationId: string) =>
  `${groupPath(groupId)}/applications/${encodeURIComponent(applicationId)}`;

/** POST /api/groups/:groupId/applications: applies for the seat of the member's own trade. */
export function applyToGroup({ groupId, ...body }: { groupId: string } & ApplyBody) {
  return apiRequest<Application>(`${groupPath(groupId)}/applications`, { method: 'POST', body });
}

/** DELETE /api/me/applications/:applicationId: the applicant withdraws. */
export function withdrawApplication(applicationId: string) {
  return apiRequest<void>(`/me/applications/${encodeURIComponent(applicationId)}`, { method: 'DELETE' });
}

/** POST .../objections: a member of the group objects, with a reason (seen by leaders only). */
export function objectToApplication({
  groupId,
  applicationId,
  ...body
}: { groupId: string; applicationId: string } & ObjectionBody) {
  return apiRequest<{ id: string }>(`${applicationPath(groupId, applicationId)}/objections`, { method: 'POST', body });
}

/** POST .../accept or .../refuse: a leader's decision, with a message. */
export function decideApplication(
  input:
    | ({ decision: 'accept'; groupId: string; applicationId: string } & AcceptBody)
    | ({ decision: 'refuse'; groupId: string; applicationId: string } & RefuseBody),
) {
  const { decision, groupId, applicationId, ...body } = input;
  return apiRequest<Application>(`${applicationPath(groupId, applicationId)}/${decision}`, { method: 'POST', body });
}

export const useApplyToGroup = () => useGroupsMutation(applyToGroup);
export const useWithdrawApplication = () => useGroupsMutation(withdrawApplication);
export const useObjectToApplication = () => useGroupsMutation(objectToApplication);
export const useDecideApplication = () => useGroupsMutation(decideApplication);
