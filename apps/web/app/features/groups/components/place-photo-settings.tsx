import { ImageUploadField } from '~/components/image-upload-field';
import { apiErrorMessage } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { useGroupPage } from '../api/get-group-page';
import { useRemovePlacePhoto, useUploadPlacePhoto } from '../api/place-photo';

/**
 * The leaders' photo of the meeting place (issue 31): shown on the group's public page beside
 * the address and its map link, so a visitor recognises the door on the morning of the meeting.
 */
export function PlacePhotoSettings({ groupId, slug }: { groupId: string; slug: string }) {
  const page = useGroupPage(slug);
  const upload = useUploadPlacePhoto(groupId, slug);
  const remove = useRemovePlacePhoto(groupId, slug);
  const titleId = `lieu-photo-${groupId}`;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <h2 id={titleId} className="text-2xl font-bold text-slate-900">
        Photo du lieu de réunion
      </h2>
      <p className="text-slate-700">
        Elle s’affiche sur la page publique du groupe, à côté de l’adresse{'\u00a0'}: les visiteurs reconnaissent
        l’entrée le matin de la réunion.
      </p>
      <ImageUploadField
        label="Photo du lieu"
        value={page.data?.group.placePhotoUrl ?? null}
        upload={upload}
        onUploaded={() => notify.success('Photo du lieu enregistrée')}
        failedMessage="Impossible d’enregistrer la photo du lieu"
        previewAlt={page.data ? `Le lieu de réunion\u00a0: ${page.data.group.meetingPlace}` : 'Le lieu de réunion'}
        onRemove={() =>
          remove.mutate(undefined, {
            onSuccess: () => notify.success('Photo du lieu retirée'),
            onError: (error) => notify.error(apiErrorMessage(error, 'Impossible de retirer la photo du lieu')),
          })
        }
        removeLabel="Retirer la photo du lieu"
        busy={remove.isPending}
      />
    </section>
  );
}
