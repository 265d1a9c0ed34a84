// The site's mails, each area's in its own file: a React Email tree rendered to HTML and to its
// plain-text version (render.tsx), React escaping what members wrote. This index gathers them for
// the tests that call every one (templates.test.ts, test/hostile-input.test.ts): a mail added to
// one of these files is in their list, and they fail until it has its check. The senders import
// the area's file itself. Guests', notifications' and renewals' mails (guest-mails.tsx,
// notification-mails.tsx, renewal-mails.tsx) have their own tests.
export * from './auth-mails';
export * from './contact-mails';
export * from './event-mails';
export * from './group-mails';
export * from './job-mails';
export * from './network-mails';
