// The API's error codes, with no dependency: the browser imports them without pulling in zod.
import { eventErrorMessages } from './event-messages';
import { type ApiErrorEntry, genericApiErrors } from './generic-errors';

export * from './generic-errors';

/**
 * Every error code the API answers, with its HTTP status and its default French message: the
 * server's `AppError(code)` takes both from here, and the web branches on these codes. A code
 * missing here does not compile. A route passes its own message only where the wording depends
 * on the route (which record was not found, for instance); such wordings live in the feature's
 * messages file (event-messages.ts, ...). French typography: a narrow no-break space (U+202F)
 * before `: ; ! ?` (docs/product/network-core.md), checked by errors.test.ts.
 */
export const apiErrors = {
  ...genericApiErrors,
  // Uploaded images (storage/).
  NO_FILE: { status: 400, message: 'Aucun fichier reçu\u00a0: choisissez une image.' },
  NOT_AN_IMAGE: {
    status: 415,
    message: 'Ce fichier n’est pas une image (formats acceptés\u00a0: JPEG, PNG, WebP, GIF, AVIF).',
  },
  /** The server says the configured limit (imageTooLargeMessage); 5 Mo is the default one. */
  IMAGE_TOO_LARGE: { status: 413, message: 'L’image est trop volumineuse (5 Mo maximum).' },
  IMAGE_DIMENSIONS_TOO_LARGE: { status: 413, message: 'L’image est trop grande (40 millions de pixels maximum).' },
  IMAGE_TOO_MANY_FRAMES: { status: 413, message: 'L’image animée compte trop d’images (100 au maximum).' },
  /** Every decode of this instance is busy and enough uploads already wait (storage/images.ts). */
  IMAGES_BUSY: {
    status: 503,
    message: 'Trop d’images en cours de traitement\u00a0: réessayez dans quelques secondes.',
  },
  /** A service or project may only show an image its owner uploaded; event categories say their own words. */
  INVALID_IMAGE: { status: 400, message: 'Image invalide\u00a0: téléchargez une image depuis le formulaire.' },

  // Addresses the server fetches (lib/safe-fetch.ts: partner logos and site details).
  URL_REFUSED: { status: 400, message: 'Cette adresse n’est pas acceptée.' },
  SITE_UNREACHABLE: { status: 422, message: 'Impossible de joindre ce site. Vérifiez l’adresse et réessayez.' },
  SITE_TIMEOUT: { status: 422, message: 'Le site n’a pas répondu à temps (5 secondes).' },
  TOO_MANY_REDIRECTS: { status: 422, message: 'Le site redirige trop de fois (5 redirections au maximum).' },
  RESPONSE_TOO_LARGE: { status: 422, message: 'La réponse du site est trop volumineuse (1 Mo au maximum).' },
  /** The server says which status the site answered (safeFetchMessages.httpError). */
  SITE_ERROR: { status: 422, message: 'Le site a répondu par une erreur.' },
  UNEXPECTED_CONTENT_TYPE: {
    status: 422,
    message: 'Cette adresse ne renvoie pas le contenu attendu (page web ou image).',
  },
  LOGO_IMPORT_FAILED: {
    status: 422,
    message: 'Impossible d’importer le logo de ce site. Retirez-le ou essayez une autre adresse.',
  },

  // Outgoing webhooks (issue 33, apps/server/src/domain/webhooks).
  WEBHOOK_NOT_FOUND: { status: 404, message: 'Cette adresse de webhook n’existe pas.' },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404, message: 'Cette livraison de webhook n’existe pas.' },
  WEBHOOK_HTTPS_REQUIRED: { status: 400, message: 'L’adresse du webhook doit commencer par https://.' },

  // Billing.
  BAD_SESSION: { status: 400, message: 'Cette session de paiement est invalide ou a expiré.' },
  BAD_SIGNATURE: { status: 400, message: 'Signature du webhook invalide.' },
  NO_SUBSCRIPTION: { status: 400, message: 'Vous n’avez pas encore d’abonnement à gérer.' },
  ALREADY_SUBSCRIBED: {
    status: 409,
    message: 'Vous avez déjà un abonnement actif\u00a0: gérez-le depuis le portail client.',
  },

  // Renewals and cancellation (issue 19, network-core §10).
  BAD_RENEWAL_LINK: {
    status: 400,
    message: 'Ce lien d’arrêt du renouvellement est invalide ou a expiré\u00a0: résiliez depuis votre profil.',
  },
  RENEWAL_LINK_OTHER_MEMBER: {
    status: 403,
    message: 'Ce lien concerne l’abonnement d’un autre compte\u00a0: connectez-vous avec le compte qui l’a reçu.',
  },
  NOTHING_TO_CANCEL: { status: 409, message: 'Vous n’avez pas d’abonnement en cours à résilier.' },

  // Members and administration.
  USER_NOT_FOUND: { status: 404, message: 'Utilisateur non trouvé' },
  ALREADY_ADMIN: { status: 409, message: 'Cet utilisateur est déjà admin' },
  CANNOT_DELETE_SELF: {
    status: 400,
    message: 'Vous ne pouvez pas supprimer votre propre compte depuis l’administration.',
  },
  DELETE_CONFIRM_MISMATCH: { status: 400, message: 'L’email saisi ne correspond pas à votre compte.' },

  // Events and their categories.
  DUPLICATE_CATEGORY: { status: 409, message: 'Une catégorie porte déjà ce nom.' },
  UNKNOWN_CATEGORY: { status: 400, message: eventErrorMessages.unknownCategory },
  /** The server says how many are registered (eventMessages.capacityBelowRegistrants). */
  CAPACITY_BELOW_REGISTRANTS: {
    status: 400,
    message: 'Le nombre maximum de participants ne peut pas être inférieur au nombre d’inscrits.',
  },
  EVENT_PAST: { status: 400, message: eventErrorMessages.past },
  EVENT_FULL: { status: 409, message: eventErrorMessages.full },
  EVENT_TOO_MANY_GUESTS: { status: 400, message: 'Cet événement n’accepte pas autant d’invités.' },
  EVENT_NOT_FULL: { status: 409, message: 'Il reste des places\u00a0: inscrivez-vous directement.' },
  EVENT_ALREADY_REGISTERED: { status: 409, message: 'Vous êtes déjà inscrit à cet événement.' },
  EVENT_GROUP_FORBIDDEN: { status: 403, message: eventErrorMessages.groupForbidden },
  EVENT_CHECKIN_INVALID: {
    status: 400,
    message: 'Ce code de pointage n’est pas valide ou n’est pas celui du jour de l’événement.',
  },
  EVENT_NOT_REGISTERED: {
    status: 403,
    message: 'Vous n’êtes pas inscrit à cet événement\u00a0: le pointage est réservé aux inscrits.',
  },
  EVENT_ALREADY_CHECKED_IN: { status: 409, message: 'Votre présence est déjà pointée pour cet événement.' },

  // Job offers.
  OWN_OFFER: { status: 403, message: 'Vous ne pouvez pas postuler à votre propre offre.' },
  ALREADY_APPLIED: { status: 409, message: 'Vous avez déjà postulé à cette offre' },

  // Directory and network.
  MEMBER_NOT_FOUND: { status: 404, message: 'Membre introuvable' },
  SELF_RATING: { status: 400, message: 'Vous ne pouvez pas vous évaluer vous-même' },
  SELF_CONTACT: { status: 400, message: 'Vous ne pouvez pas vous envoyer une demande de contact.' },
  CONTACT_IN_PROGRESS: { status: 409, message: 'Une demande de contact est déjà en cours avec ce membre.' },
  ALREADY_ANSWERED: { status: 409, message: 'Cette demande a déjà reçu une réponse.' },

  // A group's roster imported from a file (issue 33, docs/product/roster-import.md).
  ROSTER_TOO_LARGE: { status: 413, message: 'Le fichier est trop volumineux (2 Mo maximum).' },
  ROSTER_TOO_MANY_LINES: {
    status: 413,
    message: 'Le fichier compte plus de 500 lignes\u00a0: importez au plus 500 membres à la fois.',
  },
  ROSTER_UNREADABLE: { status: 422, message: 'Ce fichier ne se lit pas comme un tableau CSV ou XLSX.' },
  ROSTER_OLD_EXCEL: {
    status: 415,
    message: 'Les fichiers .xls ne sont pas pris en charge\u00a0: enregistrez-le au format .xlsx ou .csv.',
  },
  ROSTER_EMPTY: { status: 422, message: 'Le fichier ne contient aucune ligne de membre sous sa ligne d’en-têtes.' },
  ROSTER_HAS_PROBLEMS: {
    status: 422,
    message:
      'Rien n’a été importé\u00a0: des lignes ont un problème. Corrigez-les d’après la vérification, puis recommencez.',
  },
  /** An account was created with one of the file's addresses while the import ran: nothing was written. */
  ROSTER_CHANGED: {
    status: 409,
    message:
      'Un compte a été créé pendant l’import avec l’un des emails du fichier\u00a0: rien n’a été importé, relancez la vérification.',
  },

  // Groups, trades and seats (network-core §1-2).
  TRADE_NOT_FOUND: { status: 404, message: 'Ce métier est introuvable.' },
  GROUP_NOT_FOUND: { status: 404, message: 'Ce groupe est introuvable.' },
  APPLICATION_NOT_FOUND: { status: 404, message: 'Cette candidature est introuvable.' },
  WAITLIST_ENTRY_NOT_FOUND: { status: 404, message: 'Cette place sur la liste d’attente est introuvable.' },
  GROUP_MEMBER_NOT_FOUND: { status: 404, message: 'Ce membre ne fait pas partie du groupe.' },
  /** network-core §2, word for word. */
  SEAT_TAKEN: { status: 409, message: 'Ce métier est déjà représenté dans ce groupe.' },
  GROUP_FULL: { status: 409, message: 'Ce groupe est complet (50 membres au maximum).' },
  TRADE_REQUIRED: {
    status: 409,
    message: 'Choisissez d’abord votre métier dans votre profil\u00a0: le siège est celui de votre métier.',
  },
  TRADE_CHANGED: {
    status: 409,
    message:
      'Le métier a changé depuis la demande\u00a0: la candidature vaut pour le siège du métier actuel, à demander de nouveau.',
  },
  ALREADY_IN_GROUP: {
    status: 409,
    message: 'Vous êtes déjà membre d’un groupe\u00a0: un membre occupe un seul siège.',
  },
  APPLICATION_PENDING: { status: 409, message: 'Vous avez déjà une candidature en cours pour ce groupe.' },
  APPLICATION_CLOSED: { status: 409, message: 'Cette candidature n’est plus en cours.' },
  OBJECTION_PERIOD_RUNNING: {
    status: 409,
    message: 'La période d’objection de 7 jours n’est pas terminée.',
  },
  OBJECTION_RAISED: {
    status: 409,
    message: 'Un membre a fait objection\u00a0: la candidature ne peut être acceptée qu’après les 7 jours.',
  },
  ALREADY_OBJECTED: { status: 409, message: 'Vous avez déjà fait objection à cette candidature.' },
  OWN_APPLICATION: { status: 403, message: 'Vous ne pouvez pas faire objection à votre propre candidature.' },
  ALREADY_WAITING: { status: 409, message: 'Vous êtes déjà sur la liste d’attente de ce siège.' },
  SEAT_FREE: { status: 409, message: 'Ce siège est libre\u00a0: postulez directement.' },
  OFFER_CLOSED: { status: 409, message: 'Cette offre de siège n’est plus valable.' },
  NOT_IN_GROUP: { status: 409, message: 'Vous n’êtes membre d’aucun groupe.' },
  TRADE_LOCKED_BY_SEAT: {
    status: 409,
    message:
      'Vous occupez le siège de votre métier dans votre groupe\u00a0: quittez le groupe avant de changer de métier.',
  },
  DUPLICATE_GROUP_SLUG: { status: 409, message: 'Un groupe porte déjà cet identifiant.' },
  DUPLICATE_TRADE: { status: 409, message: 'Un métier porte déjà ce libellé.' },
  TRADE_MERGE_SAME: { status: 400, message: 'Choisissez un autre métier que celui à fusionner.' },
  TRADE_MERGE_CONFLICT: {
    status: 409,
    message: 'Ces deux métiers ont chacun un membre dans un même groupe\u00a0: un seul siège resterait.',
  },
  SELF_REMOVAL: {
    status: 400,
    message: 'Vous ne pouvez pas vous retirer vous-même du groupe\u00a0: quittez-le depuis votre espace.',
  },
  LEADER_NAMING_FORBIDDEN: {
    status: 403,
    message: 'Seuls le président du groupe et les administrateurs nomment les responsables.',
  },

  // Recommendations, closed business, one-to-ones, testimonials (network-core §3).
  RECOMMENDATION_NOT_FOUND: { status: 404, message: 'Cette recommandation est introuvable.' },
  SELF_RECOMMENDATION: { status: 400, message: 'Vous ne pouvez pas vous recommander vous-même.' },
  RECIPIENT_NOT_MEMBER: {
    status: 409,
    message: 'Ce destinataire n’est pas membre du réseau (abonnement actif requis).',
  },
  CONSENT_REQUIRED: {
    status: 400,
    message:
      'Cochez «\u00a0Ce contact a accepté d’être recontacté\u00a0»\u00a0: sans son accord, nous ne gardons pas ses coordonnées.',
  },
  NOT_RECEIVER: { status: 403, message: 'Seul le membre qui reçoit la recommandation la fait avancer.' },
  STATUS_NOT_ALLOWED: { status: 409, message: 'Cette étape n’est plus possible pour cette recommandation.' },
  BUSINESS_NOT_DECLARED: { status: 409, message: 'Aucune affaire conclue n’est déclarée sur cette recommandation.' },
  NOT_GIVER: {
    status: 403,
    message: 'Seul le membre qui a donné la recommandation confirme ou conteste le montant.',
  },
  OWN_DECLARATION: { status: 403, message: 'Vous ne pouvez pas confirmer votre propre déclaration.' },
  BUSINESS_ALREADY_CONFIRMED: { status: 409, message: 'Ce montant est déjà confirmé.' },
  /** Issue 33, word for word: the amount the giver saw is no longer the declared one. */
  BUSINESS_AMOUNT_CHANGED: { status: 409, message: 'Le montant a changé\u00a0: vérifiez-le avant de confirmer.' },
  ONE_TO_ONE_NOT_FOUND: { status: 404, message: 'Ce tête-à-tête est introuvable.' },
  SELF_ONE_TO_ONE: { status: 400, message: 'Un tête-à-tête se tient avec un autre membre.' },
  ONE_TO_ONE_DUPLICATE: {
    status: 409,
    message: 'Ce tête-à-tête est déjà enregistré pour ce jour\u00a0: confirmez-le dans votre liste.',
  },
  ONE_TO_ONE_ANSWERED: { status: 409, message: 'Ce tête-à-tête a déjà reçu une réponse.' },
  NOT_ONE_TO_ONE_PARTNER: { status: 403, message: 'Seul le membre rencontré confirme ce tête-à-tête.' },
  ONE_TO_ONE_IN_FUTURE: { status: 400, message: 'Un tête-à-tête se déclare une fois la rencontre faite.' },
  TESTIMONIAL_NOT_FOUND: { status: 404, message: 'Ce témoignage est introuvable.' },
  SELF_TESTIMONIAL: { status: 400, message: 'Vous ne pouvez pas écrire un témoignage sur vous-même.' },
  ONE_TO_ONE_TOO_OLD: {
    status: 400,
    message: 'Un tête-à-tête se déclare dans les 6 mois qui suivent la rencontre.',
  },
  NOT_TESTIMONIAL_AUTHOR: { status: 403, message: 'Seul son auteur peut retirer ce témoignage.' },
  NOT_TESTIMONIAL_SUBJECT: { status: 403, message: 'Seul le membre concerné publie ou refuse ce témoignage.' },
  /** Issue 33: its author rewrote it after the member read it. */
  TESTIMONIAL_CHANGED: {
    status: 409,
    message: 'Le témoignage a changé\u00a0: relisez-le avant de le publier ou de le refuser.',
  },

  // Forum and mutual help (network-core §9).
  FORUM_CATEGORY_NOT_FOUND: { status: 404, message: 'Cette catégorie du forum est introuvable.' },
  FORUM_TOPIC_NOT_FOUND: { status: 404, message: 'Ce sujet est introuvable.' },
  FORUM_POST_NOT_FOUND: { status: 404, message: 'Ce message est introuvable.' },
  FORUM_SIGN_IN_TO_READ: { status: 401, message: 'Connectez-vous pour lire ce sujet.' },
  FORUM_GROUP_ONLY: {
    status: 403,
    message: 'Cette catégorie est réservée aux membres du groupe.',
  },
  FORUM_CATEGORY_ARCHIVED: { status: 409, message: 'Cette catégorie est archivée\u00a0: on ne peut plus y écrire.' },
  FORUM_EDIT_WINDOW_PASSED: {
    status: 403,
    message: 'Un message se modifie dans les 15 minutes qui suivent sa publication.',
  },
  FORUM_NOT_AUTHOR: { status: 403, message: 'Seul son auteur peut modifier ce message.' },
  FORUM_NOT_ASKER: { status: 403, message: 'Seul l’auteur du sujet choisit la réponse acceptée.' },
  FORUM_ALREADY_REPORTED: { status: 409, message: 'Vous avez déjà signalé ce message.' },
  FORUM_OWN_MESSAGE: { status: 400, message: 'Vous ne pouvez pas signaler votre propre message.' },
  FORUM_PUBLIC_IN_GROUP: {
    status: 400,
    message: 'Les sujets d’une catégorie de groupe restent entre ses membres\u00a0: ils ne peuvent pas être publics.',
  },
  FORUM_HIDDEN: { status: 409, message: 'Ce message est masqué par la modération.' },
  FORUM_NOT_HIDDEN: { status: 409, message: 'Ce message n’est pas masqué.' },
  FORUM_MENTION_UNKNOWN: { status: 400, message: 'Un membre mentionné est introuvable.' },
  FORUM_SLUG_TAKEN: { status: 409, message: 'Cette adresse de catégorie est déjà prise.' },

  // Guests (visiteurs, network-core §5).
  MEETING_NOT_FOUND: { status: 404, message: 'Cette réunion est introuvable.' },
  // Live meeting (issue 30, docs/product/live-meeting.md).
  LIVE_LEADERS_ONLY: { status: 403, message: 'Seuls les responsables du groupe mènent la réunion.' },
  LIVE_TOO_EARLY: {
    status: 409,
    message: 'La réunion se lance au plus tôt 30 minutes avant son début.',
  },
  LIVE_OVER: { status: 409, message: 'Cette réunion est terminée ou annulée\u00a0: elle ne se lance plus.' },
  LIVE_NOT_STARTED: { status: 409, message: 'La réunion n’est pas encore lancée.' },
  LIVE_ENDED: { status: 409, message: 'La réunion est terminée.' },
  LIVE_STALE_VERSION: {
    status: 409,
    message:
      'La réunion a déjà avancé (un autre responsable a appuyé sur «\u00a0Suivant\u00a0»)\u00a0: voici où elle en est.',
  },
  LIVE_VISITOR_CLOSED: {
    status: 409,
    message: 'Le direct s’ouvre aux visiteurs le jour de la réunion, de 30 minutes avant son début à sa fin.',
  },
  LIVE_STREAMS_LIMIT: {
    status: 429,
    message: 'Trop d’écrans ouverts sur la réunion\u00a0: fermez-en un et réessayez.',
  },
  MEETING_NOT_OPEN: {
    status: 409,
    message: 'Cette réunion est annulée ou déjà passée\u00a0: choisissez une réunion à venir.',
  },
  GUEST_CONSENT_REQUIRED: {
    status: 400,
    message:
      'Cochez «\u00a0Cette personne a accepté de recevoir notre invitation par email\u00a0»\u00a0: sans son accord, nous ne lui écrivons pas.',
  },
  GUEST_ALREADY_INVITED: { status: 409, message: 'Cette personne est déjà invitée à cette réunion.' },
  VISIT_REFUSED: { status: 400, message: 'Votre inscription n’a pas pu être enregistrée.' },
  GUEST_NOT_FOUND: { status: 404, message: 'Ce visiteur est introuvable.' },
  GUEST_STATUS_INVALID: {
    status: 409,
    message: 'Ce visiteur ne peut pas passer à ce statut\u00a0: le suivi avance étape par étape.',
  },
  INVITATION_INVALID: { status: 404, message: 'Ce lien d’invitation n’est pas valide ou a expiré.' },
  CHECKIN_INVALID: { status: 400, message: 'Ce QR code n’est pas valide ou a expiré.' },
  CHECKIN_WRONG_MEETING: { status: 403, message: 'Ce QR code est celui d’une autre réunion que la vôtre.' },
  GUEST_ALREADY_CHECKED_IN: { status: 409, message: 'Votre présence est déjà enregistrée.' },
  // Meetings (network-core §4).
  MEETING_CANCELLED: { status: 409, message: 'Cette réunion est annulée\u00a0: elle ne peut plus être déplacée.' },
  MEETING_IN_PAST: { status: 400, message: 'Une réunion se déplace à une date à venir.' },
  PRESENTER_NOT_MEMBER: { status: 400, message: 'Le présentateur doit être un membre actif du groupe.' },
  CALENDAR_LINK_INVALID: { status: 404, message: 'Ce lien d’agenda n’est pas valide.' },
  // Attendance and the QR check-in (network-core §4).
  CHECKIN_TOKEN_INVALID: {
    status: 400,
    message: 'Ce QR code n’est pas valide ou a expiré\u00a0: scannez celui affiché à la réunion.',
  },
  CHECKIN_NOT_OPEN: {
    status: 409,
    message: 'Le pointage ouvre 30 minutes avant le début de la réunion.',
  },
  CHECKIN_CLOSED: { status: 409, message: 'Cette réunion est terminée\u00a0: le pointage est fermé.' },
  CHECKIN_MEETING_CANCELLED: { status: 409, message: 'Cette réunion est annulée.' },
  CHECKIN_NOT_GROUP_MEMBER: {
    status: 403,
    message: 'Vous n’êtes pas membre de ce groupe\u00a0: seuls ses membres pointent leur présence à cette réunion.',
  },
  // Hybrid meetings and minutes (issue 30).
  CONNECT_NOT_OPEN: {
    status: 409,
    message: 'Le bouton «\u00a0Je suis connecté\u00a0» s’ouvre 30 minutes avant le début de la réunion.',
  },
  CONNECT_CLOSED: { status: 409, message: 'Cette réunion est terminée\u00a0: elle n’accepte plus de connexion.' },
  MINUTES_NOT_FOUND: { status: 404, message: 'Le compte rendu de cette réunion n’est pas encore disponible.' },
  MINUTES_STALE: {
    status: 409,
    message: 'Ce compte rendu a été modifié entre-temps\u00a0: rechargez la page avant de le corriger.',
  },
  MINUTES_LOCKED: {
    status: 423,
    message: 'Ce compte rendu est verrouillé\u00a0: il ne se corrige que pendant les 48 heures qui suivent son envoi.',
  },
  ALREADY_CHECKED_IN: { status: 409, message: 'Votre présence est déjà enregistrée pour cette réunion.' },
  SUBSTITUTE_NAME_REQUIRED: {
    status: 400,
    message: 'Indiquez le nom de la personne qui a remplacé ce membre.',
  },

  // Notifications (network-core §8).
  UNSUBSCRIBE_INVALID: { status: 400, message: 'Ce lien de désabonnement n’est pas valide.' },
  // Self-billing and invoices of commissions (issue 19, network-core §10).
  MANDATE_REQUIRED: {
    status: 409,
    message: 'Aucun mandat d’autofacturation actif\u00a0: acceptez le mandat pour recevoir vos commissions.',
  },
  INVOICE_NOT_FOUND: { status: 404, message: 'Facture introuvable.' },
  CONTEST_TOO_LATE: {
    status: 409,
    message: 'Le délai de contestation de 15 jours est dépassé\u00a0: cette facture ne peut plus être contestée.',
  },
  ALREADY_CONTESTED: { status: 409, message: 'Cette facture est déjà contestée.' },
  INVOICE_ALREADY_CREDITED: { status: 409, message: 'Cette facture est déjà annulée par un avoir.' },
  NOT_CONTESTABLE: { status: 409, message: 'Un avoir ne se conteste pas.' },
  DAS2_YEAR_TOO_EARLY: {
    status: 400,
    message:
      'La DAS2 n’est exportée qu’à partir de 2024\u00a0: le seuil de 2\u202f400\u00a0€ TTC s’applique aux paiements depuis 2024 (les années précédentes relevaient d’un autre seuil).',
  },
  // The member's SIREN looked up in INSEE's Sirene directory (issue 32, apps/server/src/domain/sirene.ts).
  SIRENE_UNKNOWN: {
    status: 404,
    message: 'Aucune entreprise ne porte ce SIREN dans le répertoire Sirene de l’INSEE. Vérifiez le numéro.',
  },
  SIRENE_CLOSED: {
    status: 422,
    message:
      'Cette entreprise est fermée dans le répertoire Sirene de l’INSEE\u00a0: indiquez le SIREN d’une entreprise en activité.',
  },
  SIRENE_UNAVAILABLE: {
    status: 503,
    message:
      'Le répertoire Sirene de l’INSEE ne répond pas pour l’instant\u00a0: saisissez vous-même l’adresse, ou réessayez plus tard.',
  },
  /**
   * SIRENE_API_URL is not set: the form does not offer the lookup (docs/settings.md). A 404, not a
   * 503: nothing is down, the site has no such service, and trying again will not help.
   */
  SIRENE_NOT_OFFERED: {
    status: 404,
    message: 'La recherche par SIREN n’est pas proposée sur ce site\u00a0: saisissez vous-même l’adresse.',
  },
  MONTH_NOT_CLOSABLE: {
    status: 400,
    message:
      'Ce mois n’est pas encore commencé\u00a0: seuls le mois en cours et les mois passés peuvent être clôturés.',
  },

  // Web Push (issue 28): a device's subscription and the test push.
  /** The server says why (packages/shared/src/push.ts, pushMessages): foreign host, private address… */
  PUSH_ENDPOINT_REFUSED: { status: 400, message: 'Cet abonnement aux notifications n’est pas accepté.' },
  PUSH_DEVICE_NOT_FOUND: { status: 404, message: 'Cet appareil ne reçoit pas vos notifications.' },
  PUSH_TOO_MANY_DEVICES: {
    status: 409,
    message: 'Vous avez déjà 20 appareils qui reçoivent vos notifications\u00a0: retirez-en un d’abord.',
  },
  PUSH_NO_DEVICE: {
    status: 409,
    message: 'Aucun appareil ne reçoit vos notifications\u00a0: activez-les d’abord sur cet appareil.',
  },
  PUSH_TEST_QUOTA: {
    status: 429,
    message: 'Vous avez envoyé 5 notifications d’essai cette heure-ci\u00a0: réessayez plus tard.',
  },

  // Writes sent again with the same Idempotency-Key header (issue 28, offline writes).
  IDEMPOTENCY_KEY_INVALID: {
    status: 400,
    message:
      'En-tête Idempotency-Key invalide\u00a0: un identifiant de 8 à 100 caractères (lettres, chiffres, tirets) est attendu.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'Cette clé d’envoi a déjà servi pour une autre demande\u00a0: la demande n’a pas été prise en compte.',
  },
  /** A member quota (issue 33, quotas.ts): the answer says which and when it frees (`quotaReachedMessage`). */
  QUOTA_EXCEEDED: { status: 429, message: 'Limite atteinte\u00a0: réessayez plus tard.' },
  IDEMPOTENCY_IN_PROGRESS: {
    status: 409,
    message: 'Cette demande est déjà en cours de traitement. Réessayez dans un instant.',
  },
} as const satisfies Record<string, ApiErrorEntry>;

export type ApiErrorCode = keyof typeof apiErrors;

export function isApiErrorCode(code: unknown): code is ApiErrorCode {
  return typeof code === 'string' && Object.hasOwn(apiErrors, code);
}
