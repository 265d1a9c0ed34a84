import fs from 'node:fs';
import path from 'node:path';
import { NOTIFICATION_KINDS, RECOMMENDATION_STATUS_LABELS } from '@synergie/shared';
import { dateTimeProblems, typographyProblems } from '@synergie/shared/typography';
import { describe, expect, it } from 'vitest';
import { type NotificationText, notificationTexts } from './notification-texts';
import { notificationPushPayload } from './push/payload';

// French typography, dates in words and times in the `7 h 00` style in what every notification
// says (issue 31): each text of notification-texts.ts written from fixtures (every branch), and
// each kind's push. What members write (a message, a reason, a topic's title) is theirs: the
// fixtures give plain words there.

type Calls = { [K in keyof typeof notificationTexts]: Parameters<(typeof notificationTexts)[K]>[] };

const tuesday = new Date('2026-12-01T06:00:00Z');
const next = new Date('2026-12-08T17:30:00Z');
const CALLS: Calls = {
  minutesReady: [['Lyon Confluence', 'mardi 1er décembre 2026', '12 présents, 3 recommandations passées, 1 visiteur']],
  meetingMoved: [
    ['Lyon Confluence', tuesday, next, 'Salle indisponible'],
    ['Lyon Confluence', tuesday, next, null],
  ],
  meetingCancelled: [['Lyon Confluence', tuesday, null]],
  meetingTomorrow: [['Lyon Confluence', tuesday, 'Brasserie du Parc, Lyon']],
  absenceAlert: [['Paul Durand', 4, 6, tuesday, 3]],
  guestConfirmed: [['Lyon Confluence', tuesday]],
  groupApplication: [
    ['Jeanne Martin', 'Plombier chauffagiste', 'Lyon Confluence', 'Bonjour'],
    ['Jeanne Martin', null, 'Lyon Confluence', null],
  ],
  groupObjection: [['Paul Durand', 'Jeanne Martin', 'Concurrence directe']],
  applicationAccepted: [['Lyon Confluence', null]],
  applicationDeclined: [['Lyon Confluence', 'Le siège est pris']],
  rosterImported: [['Lyon Confluence', 'Antoine Lefèvre']],
  seatOffered: [['Lyon Confluence']],
  seatOfferExpired: [['Lyon Confluence']],
  recommendationReceived: [
    ['Paul Durand', true, 'Refaire une salle de bains'],
    ['Paul Durand', false, null],
  ],
  recommendationUpdated: Object.values(RECOMMENDATION_STATUS_LABELS).map((label) => ['Jeanne Martin', label, null]),
  recommendationReminder: [
    ['Paul Durand', 7],
    [null, 7],
  ],
  businessToConfirm: [['Jeanne Martin', 123_456]],
  businessAnswered: [
    ['Paul Durand', true, 123_456, null],
    ['Paul Durand', false, 123_456, 'Le montant est plus bas'],
  ],
  oneToOne: [['Paul Durand'], [null]],
  testimonialReceived: [['Paul Durand'], [null]],
  eventPromoted: [
    ['Afterwork de Noël', '2026-12-01', '07:00'],
    ['Afterwork de Noël', '2026-12-10', '18:30:00'],
  ],
  eventCancelledForWaiting: [['Afterwork de Noël']],
  forumMention: [['Paul Durand', 'Un bon comptable à Lyon']],
  forumReply: [['Un bon comptable à Lyon']],
  forumAccepted: [['Un bon comptable à Lyon']],
  forumReport: [['Un bon comptable à Lyon']],
};

function everyText(): Array<[string, NotificationText]> {
  return Object.entries(CALLS).flatMap(([name, calls]) =>
    (calls as unknown[][]).map((args, i): [string, NotificationText] => [
      `${name}#${i + 1}`,
      (notificationTexts[name as keyof typeof notificationTexts] as (...a: unknown[]) => NotificationText)(...args),
    ]),
  );
}

const problemsOf = (name: string, text: string | null | undefined) =>
  text ? [...typographyProblems(text), ...dateTimeProblems(text)].map((p) => `${name}: ${p}`) : [];

describe('what notifications say (issue 31)', () => {
  it('has a fixture for every text', () => {
    expect(Object.keys(CALLS).sort()).toEqual(Object.keys(notificationTexts).sort());
    for (const [name, calls] of Object.entries(CALLS)) expect(calls.length, name).toBeGreaterThan(0);
  });

  it('writes every title and body in French typography, dates in words, times as 7 h 00', () => {
    const problems = everyText().flatMap(([name, text]) => [
      ...problemsOf(`${name} title`, text.title),
      ...problemsOf(`${name} body`, text.body),
    ]);
    expect(problems).toEqual([]);
  });

  it('writes times and dates through the format module', () => {
    const texts = Object.fromEntries(everyText());
    expect(texts['eventPromoted#1']?.body).toBe(
      'Le mardi 1er décembre 2026 à 7\u00a0h\u00a000. Vous pouvez annuler votre inscription sur la page des événements.',
    );
    expect(texts['meetingTomorrow#1']?.title).toBe(
      'Lyon Confluence\u00a0: réunion demain, 1er décembre 2026 à 7\u00a0h\u00a000',
    );
    expect(texts['groupApplication#2']?.title).toBe(
      'Jeanne Martin postule à votre groupe «\u00a0Lyon Confluence\u00a0»',
    );
  });

  it('says every kind’s push in French typography', () => {
    const problems = NOTIFICATION_KINDS.flatMap((kind) => {
      const push = notificationPushPayload({ id: 'n1', kind, title: 'Lyon Confluence', link: null });
      return [...problemsOf(`${kind} push title`, push.title), ...problemsOf(`${kind} push body`, push.body)];
    });
    expect(problems).toEqual([]);
  });

  it('leaves no title or body written inline where the domain notifies', () => {
    const domain = path.resolve(import.meta.dirname);
    const files = fs
      .readdirSync(domain, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const inline: string[] = [];
    for (const file of files) {
      const source = fs.readFileSync(path.join(domain, file), 'utf8');
      if (!/\bnotify\(/.test(source) || file === 'notification-texts.ts') continue;
      for (const m of source.matchAll(/\b(title|body):\s*[`'"]/g)) inline.push(`${file}: ${m[0]}`);
    }
    expect(inline).toEqual([]);
  });
});
