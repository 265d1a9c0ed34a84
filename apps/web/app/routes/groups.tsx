import { GROUP_MAX_MEMBERS, GROUP_MIN_ACTIVE_MEMBERS } from '@synergie/shared/group-constants';
import { PageHero } from '~/components/layout/page-hero';
import { NetworkFigures } from '~/components/network-figures';
import { GroupsDirectory } from '~/features/groups';
import { seo } from '~/lib/seo';

export const meta = () =>
  seo({
    title: 'Groupes locaux',
    description: `Les groupes locaux Synergie Pro : un seul représentant par métier, de ${GROUP_MIN_ACTIVE_MEMBERS} à ${GROUP_MAX_MEMBERS} membres, des réunions régulières. Trouvez le groupe près de chez vous où le siège de votre métier est libre.`,
    path: '/groupes',
  });

/** /groupes: every local group, by city, with the filters by région and département (prerendered). */
export default function GroupsPage() {
  return (
    <>
      <PageHero title="Groupes locaux">
        <p>
          Un groupe réunit de {GROUP_MIN_ACTIVE_MEMBERS} à {GROUP_MAX_MEMBERS} professionnels d’une même ville, avec un
          seul représentant par métier : le plombier du groupe est le seul plombier, et chaque membre lui confie les
          affaires de son métier. Les membres se retrouvent chaque semaine, tous les quinze jours ou chaque mois pour se
          présenter, échanger des recommandations et faire grandir leurs affaires ensemble.
        </p>
      </PageHero>
      <GroupsDirectory />
      <NetworkFigures headingId="chiffres-reseau-titre" />
    </>
  );
}
