import { z } from 'zod';
import { endpoint, fileResponse } from '../endpoint';
import { idParams } from '../ids';
import {
  liveNextSchema,
  liveRecommendationCreatedSchema,
  liveRecommendationFormSchema,
  liveShowRecommendationsSchema,
  liveStateSchema,
  liveViewSchema,
} from '../live-meeting';

const tags = ['Réunion en direct'];
const params = idParams('groupId', 'meetingId');
const path = '/groups/:groupId/meetings/:meetingId/live';
/** The group's leaders (and admins) move the meeting; its members follow it. */
const leaders = { groupRole: 'leader', groupParam: 'groupId' } as const;
const members = { groupRole: 'member', groupParam: 'groupId' } as const;

const visitorQuery = z.object({ jeton: z.string().min(1).max(2000) });

/** The weekly meeting run live (issue 30, docs/product/live-meeting.md). */
export const liveMeetingEndpoints = {
  visitorState: endpoint({
    method: 'GET',
    path: '/invitation/live',
    operationId: 'getLiveMeetingAsVisitor',
    tags,
    summary:
      'La réunion en direct vue par un visiteur du jour, par le lien signé de son invitation (sans compte, sans coordonnées des membres)',
    access: 'public',
    query: visitorQuery,
    responses: { 200: liveStateSchema },
    errors: ['INVITATION_INVALID', 'LIVE_VISITOR_CLOSED'],
  }),
  visitorStream: endpoint({
    method: 'GET',
    path: '/invitation/live/stream',
    operationId: 'streamLiveMeetingAsVisitor',
    tags,
    summary: 'Le direct de la réunion pour un visiteur du jour (Server-Sent Events, lien signé de son invitation)',
    access: 'public',
    query: visitorQuery,
    responses: { 200: fileResponse('text/event-stream', 'Les états successifs de la réunion, un événement chacun') },
    errors: ['INVITATION_INVALID', 'LIVE_VISITOR_CLOSED', 'LIVE_STREAMS_LIMIT'],
  }),
  launch: endpoint({
    method: 'POST',
    path,
    operationId: 'launchLiveMeeting',
    tags,
    summary:
      '«\u00a0Lancer la réunion\u00a0» (responsables du groupe, dès 30 minutes avant le début)\u00a0: une seconde fois, la reprend',
    access: leaders,
    params,
    responses: { 200: liveViewSchema },
    errors: ['MEETING_NOT_FOUND', 'LIVE_TOO_EARLY', 'LIVE_OVER'],
  }),
  state: endpoint({
    method: 'GET',
    path,
    operationId: 'getLiveMeeting',
    tags,
    summary: 'Où en est la réunion (membres du groupe)',
    access: members,
    params,
    responses: { 200: liveViewSchema },
    errors: ['MEETING_NOT_FOUND'],
  }),
  next: endpoint({
    method: 'POST',
    path: `${path}/next`,
    operationId: 'nextLiveMeeting',
    tags,
    summary:
      '«\u00a0Suivant\u00a0»\u00a0: l’orateur ou la phase suivante, une fois par version vue (responsables du groupe)',
    access: leaders,
    params,
    body: liveNextSchema,
    responses: { 200: liveViewSchema },
    errors: ['MEETING_NOT_FOUND', 'LIVE_NOT_STARTED', 'LIVE_ENDED', 'LIVE_STALE_VERSION'],
  }),
  end: endpoint({
    method: 'POST',
    path: `${path}/end`,
    operationId: 'endLiveMeeting',
    tags,
    summary: '«\u00a0Terminer\u00a0» la réunion (responsables du groupe)',
    access: leaders,
    params,
    responses: { 200: liveViewSchema },
    errors: ['MEETING_NOT_FOUND', 'LIVE_NOT_STARTED'],
  }),
  showRecommendations: endpoint({
    method: 'PUT',
    path: `${path}/show-recommendations`,
    operationId: 'showLiveRecommendations',
    tags,
    summary:
      'Afficher au projecteur les recommandations passées pendant la réunion, ou les masquer (responsables du groupe)',
    access: leaders,
    params,
    body: liveShowRecommendationsSchema,
    responses: { 200: liveViewSchema },
    errors: ['MEETING_NOT_FOUND', 'LIVE_NOT_STARTED'],
  }),
  recommend: endpoint({
    method: 'POST',
    path: `${path}/recommendations`,
    operationId: 'giveLiveRecommendation',
    tags,
    summary:
      '«\u00a0J’ai une recommandation pour…\u00a0»\u00a0: une recommandation donnée pendant la réunion, liée à elle (membres du groupe)',
    access: { ...members, level: 'subscriber' },
    params,
    body: liveRecommendationFormSchema,
    responses: { 201: liveRecommendationCreatedSchema },
    errors: [
      'MEETING_NOT_FOUND',
      'LIVE_NOT_STARTED',
      'LIVE_ENDED',
      'MEMBER_NOT_FOUND',
      'RECIPIENT_NOT_MEMBER',
      'SELF_RECOMMENDATION',
    ],
    // It tells the member recommended: the givers' quota of recommendations (issue 33).
    quota: 'recommendations',
  }),
  stream: endpoint({
    method: 'GET',
    path: `${path}/stream`,
    operationId: 'streamLiveMeeting',
    tags,
    summary:
      'Le direct de la réunion en Server-Sent Events (membres du groupe)\u00a0: un événement `state` par changement, repris après `Last-Event-ID`',
    access: members,
    params,
    responses: { 200: fileResponse('text/event-stream', 'Les états successifs de la réunion, un événement chacun') },
    errors: ['MEETING_NOT_FOUND', 'LIVE_STREAMS_LIMIT'],
  }),
};
