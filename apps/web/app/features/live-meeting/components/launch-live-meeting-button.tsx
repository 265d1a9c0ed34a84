import { liveMessages } from '@synergie/shared/live-meeting-constants';
import { Play } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useLaunchLiveMeeting } from '../api/live-meeting';

/** `Lancer la réunion` in one tap (the meeting's page, `Aujourd’hui`): launched, the console opens. */
export function LaunchLiveMeetingButton({ groupId, meetingId }: { groupId: string; meetingId: string }) {
  const launch = useLaunchLiveMeeting({ groupId, meetingId });
  const navigate = useNavigate();
  return (
    <Button
      type="button"
      size="lg"
      disabled={launch.isPending}
      onClick={() =>
        launch.mutate(undefined, {
          onSuccess: () => navigate(`/reunions/${meetingId}/direct`),
          onError: (error) => notify.error(apiErrorMessage(error, 'La réunion n’a pas pu être lancée.')),
        })
      }
    >
      <Play aria-hidden="true" />
      {liveMessages.launch}
    </Button>
  );
}
