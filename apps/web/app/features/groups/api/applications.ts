import { groupEndpoints as endpoints } from '@synergie/shared/endpoints';
import type {
  acceptApplicationSchema,
  applicationFormSchema,
  objectionFormSchema,
  refuseApplicationSchema,
} from '@synergie/shared/groups';
import type { z } from 'zod';
import { callApi } from '~/lib/api-client';
import { useGroupsMutation } from './invalidate';

type ApplyBody = z.output<typeof applicationFormSchema>;
type ObjectionBody = z.output<typeof objectionFormSchema>;
type AcceptBody = z.output<typeof acceptApplicationSchema>;
type RefuseBody = z.output<typeof refuseApplicationSchema>;

/** POST /api/groups/:groupId/applications: applies for the seat of the member's own trade. */
export function applyToGroup({ groupId, ...body }: { groupId: string } & ApplyBody) {
  return callApi(endpoints.apply, { params: { groupId }, body });
}

/** DELETE /api/me/applications/:applicationId: the applicant withdraws. */
export function withdrawApplication(applicationId: string) {
  return callApi(endpoints.withdrawApplication, { params: { applicationId } });
}

/** POST .../objections: a member of the group objects, with a reason (seen by leaders only). */
export function objectToApplication({
  groupId,
  applicationId,
  ...body
}: { groupId: string; applicationId: string } & ObjectionBody) {
  return callApi(endpoints.object, { params: { groupId, applicationId }, body });
}

/** POST .../accept or .../refuse: a leader's decision, with a message. */
export function decideApplication(
  input:
    | ({ decision: 'accept'; groupId: string; applicationId: string } & AcceptBody)
    | ({ decision: 'refuse'; groupId: string; applicationId: string } & RefuseBody),
) {
  if (input.decision === 'accept') {
    const { decision: _decision, groupId, applicationId, ...body } = input;
    return callApi(endpoints.accept, { params: { groupId, applicationId }, body });
  }
  const { decision: _decision, groupId, applicationId, ...body } = input;
  return callApi(endpoints.refuse, { params: { groupId, applicationId }, body });
}

export const useApplyToGroup = () => useGroupsMutation(applyToGroup);
export const useWithdrawApplication = () => useGroupsMutation(withdrawApplication);
export const useObjectToApplication = () => useGroupsMutation(objectToApplication);
export const useDecideApplication = () => useGroupsMutation(decideApplication);
