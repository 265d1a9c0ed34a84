import { formatPrice } from '@synergie/shared/format';
import {
  excludingVatCents,
  getPlan,
  REFERRAL_FIRST_INVOICE_PERCENT,
  REFERRAL_RENEWAL_PERCENT,
  referralCommissionCents,
  TRIAL_DAYS,
  VAT_RATE_PERCENT,
} from '@synergie/shared/plans';
import type * as React from 'react';
import { Link } from 'react-router';
import { PageHero } from '~/components/layout/page-hero';
import { seo } from '~/lib/seo';
import { SITE_NAME, SITE_URL } from '~/lib/site';

/** Changing these terms means changing this date too. */
const LAST_UPDATED = { iso: '2026-11-22', label: '22 novembre 2026' };
const REFERRAL_COOKIE_DAYS = 30;
const COMMISSION_PAYMENT_DELAY_DAYS = 15;

export const meta = () =>
  seo({
    title: 'Conditions générales d’utilisation',
    description: `Conditions générales d’utilisation de ${SITE_NAME}\u00a0: adhésion et abonnement, essai gratuit, résiliation, programme de parrainage, données personnelles, cookies et droit applicable.`,
    path: '/cgu',
    jsonLd: {
      '@type': 'WebPage',
      name: 'Conditions générales d’utilisation',
      url: `${SITE_URL}/cgu`,
      inLanguage: 'fr-FR',
      dateModified: LAST_UPDATED.iso,
    },
  });

const monthly = getPlan('monthly');
const annual = getPlan('annual');

const commissionExamples = [monthly, annual].map((plan) => ({
  plan: plan.name.toLowerCase(),
  price: formatPrice(plan.priceCents),
  excludingVat: formatPrice(excludingVatCents(plan.priceCents)),
  first: formatPrice(referralCommissionCents(plan.priceCents, REFERRAL_FIRST_INVOICE_PERCENT)),
  renewal: formatPrice(referralCommissionCents(plan.priceCents, REFERRAL_RENEWAL_PERCENT)),
}));

const linkClass = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

interface TermsSection {
  id: string;
  title: string;
  content: React.ReactNode;
}

const sections: TermsSection[] = [
  {
    id: 'objet',
    title: 'Objet',
    content: (
      <>
        <p>
          Les présentes conditions générales d’utilisation (« CGU ») définissent les règles d’accès et d’utilisation de
          la plateforme {SITE_NAME}, réseau d’affaires multi-métiers réservé aux entrepreneurs, commerçants et
          professionnels, ainsi que les droits et obligations de ses utilisateurs et membres.
        </p>
        <p>
          La plateforme propose notamment un annuaire des membres, des événements (afterworks et événements
          thématiques), un forum et une plateforme d’entraide, la publication de services, de projets et d’offres
          d’emploi, une mise en relation entre membres et un programme de parrainage rémunéré.
        </p>
        <p>Toute création de compte vaut acceptation sans réserve des présentes CGU dans leur version en vigueur.</p>
      </>
    ),
  },
  {
    id: 'adhesion',
    title: 'Adhésion et abonnement',
    content: (
      <>
        <p>
          L’adhésion est ouverte aux professionnels majeurs agissant dans le cadre de leur activité. Le membre crée un
          compte avec des informations exactes et à jour et reste responsable de la confidentialité de ses identifiants.
        </p>
        <p>L’accès aux services réservés aux membres nécessite un abonnement, au choix :</p>
        <ul>
          <li>
            formule mensuelle : <strong>{formatPrice(monthly.priceCents)} TTC par mois</strong>, soit 12 paiements de{' '}
            {formatPrice(monthly.priceCents)} par an ;
          </li>
          <li>
            formule annuelle : <strong>{formatPrice(annual.priceCents)} TTC par an</strong>.
          </li>
        </ul>
        <p>
          Les prix s’entendent toutes taxes comprises, TVA française de {VAT_RATE_PERCENT} % incluse. L’abonnement est
          payable d’avance et se renouvelle automatiquement à chaque échéance, mensuelle ou annuelle, jusqu’à sa
          résiliation. Le paiement est assuré par un prestataire de paiement sécurisé ; {SITE_NAME} ne conserve aucune
          donnée de carte bancaire.
        </p>
        <p>Chaque groupe géographique réunit de 10 à 50 membres et ne compte qu’un seul représentant par métier.</p>
      </>
    ),
  },
  {
    id: 'essai',
    title: 'Essai gratuit',
    content: (
      <>
        <p>
          Chaque formule commence par une période d’essai gratuite de {TRIAL_DAYS} jours. Pendant l’essai, le membre
          bénéficie de l’ensemble des services réservés aux abonnés.
        </p>
        <p>
          Sauf résiliation avant la fin de l’essai, l’abonnement choisi démarre automatiquement à son terme et le
          premier paiement est alors prélevé. Une résiliation pendant l’essai n’entraîne aucun paiement.
        </p>
      </>
    ),
  },
  {
    id: 'resiliation',
    title: 'Résiliation et remboursement',
    content: (
      <>
        <p>
          Le membre peut résilier son abonnement à tout moment depuis son espace personnel. La résiliation arrête le
          renouvellement automatique.
        </p>
        <ul>
          <li>
            <strong>Formule mensuelle :</strong> la résiliation prend effet à la fin de la période mensuelle en cours ;
            l’accès reste ouvert jusqu’à cette date.
          </li>
          <li>
            <strong>Formule annuelle :</strong> l’accès reste ouvert jusqu’à la fin de l’année payée. Aucun
            remboursement au prorata de la période restante n’est effectué.
          </li>
        </ul>
        <p>
          {SITE_NAME} peut suspendre ou résilier le compte d’un membre qui manque gravement aux présentes CGU, après
          l’avoir invité à présenter ses observations, sauf urgence.
        </p>
      </>
    ),
  },
  {
    id: 'parrainage',
    title: 'Programme de parrainage',
    content: (
      <>
        <p>
          Chaque membre dispose d’un lien et d’un code de parrainage personnels. Lorsqu’un professionnel s’inscrit après
          avoir suivi ce lien (dans un délai de {REFERRAL_COOKIE_DAYS} jours), le membre est enregistré comme son
          parrain.
        </p>
        <p>
          Le parrain perçoit une commission calculée sur le montant hors taxes des paiements effectivement encaissés :
        </p>
        <ul>
          <li>
            <strong>{REFERRAL_FIRST_INVOICE_PERCENT} %</strong> du montant hors taxes de la première facture payée par
            le membre parrainé ;
          </li>
          <li>
            <strong>{REFERRAL_RENEWAL_PERCENT} %</strong> du montant hors taxes de chacun de ses renouvellements.
          </li>
        </ul>
        <p>
          Une commission n’est due que si le parrain est lui-même membre abonné actif au moment de l’encaissement. Les
          commissions sont regroupées dans un relevé mensuel et versées mensuellement, dans les{' '}
          {COMMISSION_PAYMENT_DELAY_DAYS} jours suivant l’encaissement effectif du paiement. Si un paiement est
          remboursé, la commission correspondante est annulée ou déduite des versements suivants.
        </p>
        <p>Exemples, avec une TVA de {VAT_RATE_PERCENT} % (montants arrondis au centime) :</p>
        <ul>
          {commissionExamples.map((example) => (
            <li key={example.plan}>
              formule {example.plan} à {example.price} TTC, soit {example.excludingVat} HT : {example.first} pour la
              première facture, puis {example.renewal} par renouvellement.
            </li>
          ))}
        </ul>
        <p>
          Les montants présentés ailleurs sur le site à titre d’illustration sont indicatifs ; seul le calcul sur le
          montant hors taxes défini ici fait foi. Le parrain reste responsable des déclarations fiscales et sociales
          liées aux commissions qu’il perçoit.
        </p>
      </>
    ),
  },
  {
    id: 'obligations',
    title: 'Obligations des membres et contenus',
    content: (
      <>
        <p>Le membre s’engage à :</p>
        <ul>
          <li>fournir des informations exactes sur son identité, son entreprise et son métier ;</li>
          <li>se comporter avec loyauté et courtoisie envers les autres membres ;</li>
          <li>
            ne publier aucun contenu illicite, trompeur, diffamatoire ou portant atteinte aux droits de tiers, ni aucune
            sollicitation commerciale abusive ;
          </li>
          <li>
            ne pas collecter ni réutiliser les données des autres membres à d’autres fins que la relation d’affaires.
          </li>
        </ul>
        <p>
          Le membre reste propriétaire des contenus qu’il publie (profil, services, projets, offres d’emploi,
          événements, évaluations) et en assume la responsabilité. Il autorise {SITE_NAME} à les afficher sur la
          plateforme pendant la durée de leur publication. {SITE_NAME} peut retirer tout contenu manifestement contraire
          aux présentes CGU ou à la loi, notamment après un signalement.
        </p>
      </>
    ),
  },
  {
    id: 'donnees',
    title: 'Données personnelles',
    content: (
      <>
        <p>
          {SITE_NAME} traite les données personnelles de ses membres conformément au Règlement général sur la protection
          des données (RGPD) et à la loi Informatique et Libertés. Ces données (identité, coordonnées, informations
          professionnelles, abonnement, parrainage) servent à gérer le compte, l’abonnement, la mise en relation entre
          membres et le programme de parrainage. Elles ne sont jamais vendues.
        </p>
        <p>
          Chaque membre dispose d’un droit d’accès, de rectification, d’effacement, de limitation, d’opposition et de
          portabilité. Depuis son espace personnel, il peut à tout moment :
        </p>
        <ul>
          <li>
            <strong>télécharger ses données</strong> dans un fichier au format JSON ;
          </li>
          <li>
            <strong>supprimer son compte</strong>  : ses contenus et ses données personnelles sont alors effacés, à
            l’exception de ce que la loi impose de conserver, comme les factures.
          </li>
        </ul>
        <p>
          Pour toute autre demande, le membre peut nous écrire depuis la page{' '}
          <Link to="/contact" className={linkClass}>
            Contact
          </Link>
          . Il peut aussi introduire une réclamation auprès de la CNIL.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    content: (
      <>
        <p>La plateforme ne dépose que deux cookies, tous deux nécessaires à son fonctionnement :</p>
        <ul>
          <li>
            <strong>le cookie de session</strong>, qui maintient la connexion du membre ;
          </li>
          <li>
            <strong>le cookie de parrainage</strong>, déposé lorsqu’un visiteur suit un lien de parrainage, qui mémorise
            le parrain pendant {REFERRAL_COOKIE_DAYS} jours jusqu’à l’inscription.
          </li>
        </ul>
        <p>
          Aucun cookie de mesure d’audience, de publicité ou de suivi n’est utilisé. C’est pourquoi aucun bandeau de
          consentement n’est affiché.
        </p>
      </>
    ),
  },
  {
    id: 'responsabilite',
    title: 'Responsabilité',
    content: (
      <>
        <p>
          {SITE_NAME} met en relation des professionnels indépendants. Il n’est pas partie aux contrats, prestations ou
          recommandations échangés entre membres et ne garantit ni leur conclusion, ni leur exécution, ni un volume
          d’affaires.
        </p>
        <p>
          {SITE_NAME} s’efforce d’assurer l’accès à la plateforme de manière continue, sans pouvoir le garantir : des
          interruptions peuvent survenir, notamment pour maintenance. Sa responsabilité ne saurait être engagée en cas
          de force majeure ou de fait d’un tiers.
        </p>
      </>
    ),
  },
  {
    id: 'droit-applicable',
    title: 'Droit applicable et litiges',
    content: (
      <>
        <p>
          Les présentes CGU sont soumises au droit français. En cas de différend, les parties rechercheront d’abord une
          solution amiable ; à défaut, le litige sera porté devant les tribunaux français compétents.
        </p>
        <p>
          {SITE_NAME} peut faire évoluer les présentes CGU ; les membres sont informés de toute modification importante
          avant son entrée en vigueur.
        </p>
      </>
    ),
  },
];

export default function TermsPage() {
  return (
    <>
      <PageHero eyebrow="Informations légales" title="Conditions générales d’utilisation">
        <p>
          Dernière mise à jour : <time dateTime={LAST_UPDATED.iso}>{LAST_UPDATED.label}</time>
        </p>
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[16rem_1fr] lg:px-8">
        <nav aria-labelledby="toc-title" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="toc-title" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
            Sommaire
          </h2>
          <ol className="mt-4 space-y-2 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-brand-700 hover:text-brand-800 hover:underline">
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl space-y-12">
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
              <h2 id={`${section.id}-title`} className="text-2xl font-bold tracking-tight text-slate-900">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-4 space-y-4 text-slate-700 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
                {section.content}
              </div>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
