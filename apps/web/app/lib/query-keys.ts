/**
 * Every TanStack Query key of the web app, in one place: a query and the mutations that
 * invalidate it read the same entry, and a feature that refreshes another feature's data (a
 * category edit reloads events, a 401 empties the session) names it here instead of repeating
 * its string. A key that starts with another's prefix is invalidated with it: `['me']` covers
 * the member's referral and dashboard, `['auth']` the security section's lists, so signing out
 * clears them in one call.
 *
 * Plain arrays only, no imports: every page's first load carries this module.
 */
export const queryKeys = {
  /** GET /api/auth/get-session: who is signed in (null when nobody). */
  session: ['session'],
  /** GET /api/auth-methods: the sign-in methods /auth offers besides email (providers, SMS). */
  authMethods: ['auth-methods'],
  auth: {
    /** The security section's lists, cleared or refreshed together when the session changes. */
    all: ['auth'],
    sessions: ['auth', 'sessions'],
    passkeys: ['auth', 'passkeys'],
    /** The enrolment QR code, drawn in the browser from the otpauth:// address. */
    totpQrCode: (uri: string) => ['totp-qr', uri] as const,
  },
  me: {
    /** GET /api/me, and under it every query about the signed-in member. */
    all: ['me'],
    referral: ['me', 'referral'],
    /** GET /api/me/commission-opt-out: regulated trade and `Je renonce aux commissions`. */
    commissionOptOut: ['me', 'commission-opt-out'],
    dashboard: ['me', 'dashboard'],
    /** GET /api/me/today: `Aujourd'hui`, refreshed by whatever changes what it shows. */
    today: ['me', 'today'],
    /** GET /api/me/return: `Mon retour sur cotisation`. */
    return: ['me', 'return'],
    /** GET /api/me/group: the member's group, applications and waiting-list places. */
    group: ['me', 'group'],
    /** GET /api/me/one-to-ones (`Tête-à-tête`). */
    oneToOnes: ['me', 'one-to-ones'],
    /** GET /api/me/suggestions/one-to-ones: under oneToOnes, refreshed when a one-to-one is logged or answered. */
    oneToOneSuggestions: ['me', 'one-to-ones', 'suggestions'],
    /** GET /api/me/suggestions/missing-trades: under group, refreshed with it. */
    missingTrades: ['me', 'group', 'missing-trades'],
    /** GET /api/me/testimonials (`Témoignages`). */
    testimonials: ['me', 'testimonials'],
    /** GET /api/score/me: my reputation score and its breakdown. */
    score: ['me', 'score'],
    /** The notification centre: the bell's count and the list, refreshed together. */
    notifications: {
      all: ['me', 'notifications'],
      unread: ['me', 'notifications', 'unread'],
      list: (unreadOnly: boolean) => ['me', 'notifications', 'list', unreadOnly] as const,
    },
    notificationSettings: ['me', 'notification-settings'],
    /** Web Push: the member's devices and which kinds go to them. */
    push: {
      devices: ['me', 'push', 'devices'],
      settings: ['me', 'push', 'settings'],
    },
    /** GET /api/me/guests (`Visiteurs`). */
    guests: ['me', 'guests'],
    /** GET /api/me/invitable-meetings: the meetings a guest may be invited to. */
    invitableMeetings: ['me', 'invitable-meetings'],
  },
  /** GET /api/invitable-meetings?q=: any group's next meetings, by name or city (national access). */
  invitableSearch: (q: string) => ['invitable-meetings', q] as const,
  subscription: ['subscription'],
  /** GET /api/billing/payment-details: the member's SEPA mandates and a failed debit (issue 32). */
  paymentDetails: ['payment-details'],
  /** GET /api/notifications/unsubscribe?token=: what a signed unsubscribe link stops. */
  unsubscribe: (token: string) => ['unsubscribe', token] as const,
  /** GET /api/invitation?jeton=: a guest's invitation (no account). */
  invitation: (token: string) => ['invitation', token] as const,
  /** GET /api/billing/stop-renewal?jeton=: the renewal a reminder's link stops. */
  stopRenewal: (token: string) => ['stop-renewal', token] as const,
  /** GET /api/me/self-billing: the member's mandate and invoices. */
  mySelfBilling: ['me', 'self-billing'],
  /** GET /api/me/membership-invoices: `Mes factures` and the billing details (issue 32). */
  myMembershipInvoices: ['me', 'membership-invoices'],
  /** GET /api/groups/:groupId/scores (leaders): the members' reputation scores. */
  groupScores: (groupId: string) => ['group-scores', groupId] as const,
  /** GET /api/groups/:slug/visit?invite=: a group's visitors' page (public). */
  visitPage: (slug: string, invite: string) => ['visit-page', slug, invite] as const,
  /** GET /api/groups/:groupId/visitors (leaders): visitors by meeting, conversion per member. */
  groupVisitors: (groupId: string) => ['group-visitors', groupId] as const,
  /** GET /api/groups/:groupId/guests (leaders); `all` covers every group's. */
  groupGuests: {
    all: ['group-guests'],
    list: (groupId: string) => ['group-guests', groupId] as const,
  },
  admin: {
    members: {
      all: ['admin', 'members'],
      list: (search: { q: string; page: number }) => ['admin', 'members', search] as const,
    },
    commissions: (month: string) => ['admin', 'commissions', month] as const,
    /** Every month's ledger: a closing pays earlier statements' lines, a credit note releases them. */
    allCommissions: ['admin', 'commissions'],
    /** GET /api/admin/self-billing?month=: the month's invoices and contests; `all` every month. */
    selfBilling: {
      all: ['admin', 'self-billing'],
      month: (month: string) => ['admin', 'self-billing', month] as const,
    },
    /** GET /api/admin/membership-invoices/:year: the year's membership invoices and credit notes. */
    membershipInvoices: (year: number) => ['admin', 'membership-invoices', year] as const,
    trades: ['admin', 'trades'],
    groups: ['admin', 'groups'],
    /** GET /api/admin/health: the network's and each region's health (issue 29). */
    health: ['admin', 'health'],
    /** GET /api/admin/webhooks and each address's delivery log (issue 33). */
    webhooks: ['admin', 'webhooks'],
    webhookDeliveries: (id: string) => ['admin', 'webhooks', id, 'deliveries'] as const,
    /** GET /api/admin/quotas: members who hit a quota (issue 33). */
    quotas: ['admin', 'quotas'],
  },
  /** GET /api/testimonials/featured: the home page's testimonials (issue 31). */
  featuredTestimonials: ['testimonials', 'featured'],
  partners: ['partners'],
  services: ['services'],
  projects: {
    all: ['projects'],
    list: (scope: string) => ['projects', scope] as const,
  },
  jobs: {
    /** Every jobs query: offers and applications reload after any change. */
    all: ['jobs'],
    list: (viewerId: string | null) => ['jobs', viewerId] as const,
    applications: (jobId: string) => ['jobs', 'applications', jobId] as const,
  },
  events: {
    /** Every events query, whatever the period and viewer. */
    all: ['events'],
    list: (when: string, viewerId: string | null) => ['events', when, viewerId] as const,
  },
  eventCategories: ['event-categories'],
  /** GET /api/trades: the trade catalogue (network-core §1). */
  tradeCatalogue: ['trades'],
  members: {
    /** Every directory query: a rating or a contact request refreshes them. */
    all: ['members'],
    list: (query: unknown) => ['members', 'list', query] as const,
    facets: ['members', 'facets'],
  },
  contactRequests: ['contact-requests'],
  sharedProjects: ['shared-projects'],
  groups: {
    /** Every groups query: any application, objection or seat change reloads them. */
    all: ['groups'],
    list: (filters: { region: string; department: string }) => ['groups', 'list', filters] as const,
    page: (slug: string) => ['groups', 'page', slug] as const,
    seat: (groupId: string, viewerId: string | null) => ['groups', 'seat', groupId, viewerId] as const,
    leaders: (groupId: string) => ['groups', 'leaders', groupId] as const,
    /** GET /api/groups/:groupId/health?comparer=: `Vue d'ensemble` of the leaders' page. */
    health: (groupId: string, compared: readonly string[]) => ['groups', 'health', groupId, [...compared]] as const,
  },
  meetings: {
    /** Every meetings query: a move, a cancellation or a new presenter reloads them. */
    all: ['meetings'],
    group: (groupId: string) => ['meetings', 'group', groupId] as const,
    detail: (id: string) => ['meetings', 'detail', id] as const,
    /** GET /api/me/calendar-url: the personal calendar feed's signed address. */
    calendarUrl: ['meetings', 'calendar-url'],
  },
  /** GET /api/meetings/:meetingId/minutes: a meeting's `Compte rendu` (issue 30). */
  minutes: (meetingId: string) => ['minutes', meetingId] as const,
  /** The live meeting (issue 30): its view, kept in step by its event stream. */
  liveMeeting: (meetingId: string) => ['live-meeting', meetingId] as const,
  /** The live meeting seen by a visitor of the day, by their invitation's token. */
  liveMeetingVisitor: (token: string) => ['live-meeting', 'visitor', token] as const,
  recommendations: {
    /** Every recommendations query: a new one, a status change or an answer reloads them. */
    all: ['recommendations'],
    list: (query: unknown) => ['recommendations', 'list', query] as const,
    detail: (id: string) => ['recommendations', 'detail', id] as const,
    /** The member a recommendation is being written for (their public page's name and trade). */
    recipient: (userId: string) => ['recommendations', 'recipient', userId] as const,
    groupTotals: (groupId: string) => ['recommendations', 'group-totals', groupId] as const,
    adminTotals: ['recommendations', 'admin-totals'],
  },
  forum: {
    /** Every forum query: a new topic, a reply, an acceptance or a moderation reloads them. */
    all: ['forum'],
    categories: ['forum', 'categories'],
    landing: ['forum', 'landing'],
    topics: (slug: string, page: number, unanswered: boolean) => ['forum', 'topics', slug, page, unanswered] as const,
    topic: (topicId: string, page: number) => ['forum', 'topic', topicId, page] as const,
    search: (q: string, page: number) => ['forum', 'search', q, page] as const,
    reports: (status: string, page: number) => ['forum', 'reports', status, page] as const,
    mentionable: (q: string) => ['forum', 'mentionable', q] as const,
    adminCategories: ['forum', 'admin-categories'],
  },
  memberPage: (userId: string, viewerId: string | null) => ['member-page', userId, viewerId] as const,
  /** Every member page: answering a testimonial changes one. */
  memberPages: ['member-page'],
  memberQrCode: (url: string, size: number) => ['member-qr', url, size] as const,
  /** Attendance and the QR check-in (network-core §4): the leaders' data of one group. */
  attendance: {
    all: ['attendance'],
    meetings: (groupId: string) => ['attendance', 'meetings', groupId] as const,
    list: (groupId: string, meetingId: string) => ['attendance', 'list', groupId, meetingId] as const,
    code: (groupId: string, meetingId: string) => ['attendance', 'code', groupId, meetingId] as const,
  },
} as const;

/**
 * The queries kept on the device for the signed-in member, to open without a network (issue 28,
 * offline; features/offline persists them, docs/decisions/0020): a query whose key starts with
 * one of these (equals it, when `exact`) is written to IndexedDB and restored at the next start.
 * A page whose data should open offline adds its key's prefix here, nothing else. Only the
 * member's own data: each is wiped at sign-out and when another member signs in.
 */
export const offlineQueries: readonly { readonly key: readonly unknown[]; readonly exact?: boolean }[] = [
  // Who is signed in: without it a start offline would show the visitors' site.
  { key: queryKeys.session, exact: true },
  // GET /api/me: my profile (the business card's details).
  { key: queryKeys.me.all, exact: true },
  // `Aujourd'hui` (GET /api/me/today) and `Mon retour sur cotisation` (GET /api/me/return).
  { key: queryKeys.me.today },
  { key: queryKeys.me.return },
  { key: queryKeys.me.group },
  { key: queryKeys.me.notifications.all },
  // The group's next meetings and each one's agenda.
  { key: ['meetings', 'group'] },
  { key: ['meetings', 'detail'] },
  { key: ['recommendations', 'list'] },
  { key: ['recommendations', 'detail'] },
  // My business card: my member page and its QR code.
  { key: queryKeys.memberPages },
  { key: ['member-qr'] },
];
