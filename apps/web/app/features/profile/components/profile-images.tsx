import type { Profile } from '../api/get-me';
import { ImageUpload } from './image-upload';

/** The avatar and the company logo, each stored under the member's id in the `avatars` bucket. */
export function ProfileImages({ profile }: { profile: Profile }) {
  return (
    <section
      id="photo"
      aria-labelledby="profile-images-title"
      tabIndex={-1}
      className="flex scroll-mt-24 flex-col gap-6 focus:outline-none"
    >
      <h2 id="profile-images-title" className="text-2xl font-semibold">
        Images
      </h2>
      <ImageUpload
        kind="avatar"
        label="Photo de profil"
        imageUrl={profile.avatarUrl}
        previewAlt="Votre photo de profil"
        removeLabel="Supprimer la photo"
      />
      <ImageUpload
        kind="logo"
        label="Logo de l’entreprise"
        imageUrl={profile.companyLogoUrl}
        previewAlt="Le logo de votre entreprise"
        removeLabel="Supprimer le logo"
      />
    </section>
  );
}
