import { guestMessages } from '@synergie/shared/guests';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type * as React from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '../../../../test/group-fixtures';
import { InvitationView } from './invitation-view';
import { meetingWhen } from './meeting-when';
import { MyGuestsView } from './my-guests-view';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function renderWith(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

const meeting = {
  id: '11111111-1111-4111-8111-111111111111',
  groupId: 'g1',
  groupName: 'Synergie Pro Lyon',
  groupSlug: 'lyon',
  startsAt: '2026-12-01T06:00:00.000Z',
  endsAt: '2026-12-01T07:30:00.000Z',
  place: '1 place Bellecour, Lyon',
  cancelled: false,
};

const guest = {
  id: 'g-1',
  name: 'Sophie Martin',
  email: 'sophie@exemple.fr',
  phone: null,
  company: 'Cabinet Martin',
  tradeLabel: null,
  status: 'invited',
  nextStatuses: ['registered', 'came', 'followed_up', 'applicant', 'member', 'not_interested'],
  inviterName: 'Marie Dupont',
  meeting,
  confirmedAt: null,
  checkedInAt: null,
  purgedAt: null,
  createdAt: '2026-11-20T06:00:00.000Z',
};

describe('MyGuestsView', () => {
  it('lists my guests with their step, moves one, and refuses an invitation without the consent box', async () => {
    const calls = routeFetch({
      'GET /api/me/guests': [200, { items: [guest] }],
      'GET /api/me/invitable-meetings': [200, { items: [meeting] }],
      'GET /api/trades': [200, { trades: [] }],
      'PUT /api/guests/g-1/status': [200, { ...guest, status: 'registered' }],
    });
    renderWith(<MyGuestsView />);
    expect(await screen.findByText('Sophie Martin')).toBeTruthy();
    expect(screen.getByText('Invité')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Faire avancer'), { target: { value: 'registered' } });
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'registered' }));

    fireEvent.click(screen.getByRole('button', { name: 'Inviter un visiteur' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'Paul Durand' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'paul@exemple.fr' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer l’invitation' }));
    expect(await screen.findByText(/sans son accord, nous ne lui écrivons pas/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(dialog).toBeTruthy();

    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const other = screen.getByRole('button', { name: guestMessages.otherGroup });
    expect(other.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(other);
    expect(other.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('searchbox', { name: guestMessages.searchGroup })).toBeTruthy();
  });

  it('lets a member without a group search any group by city and invite to its next meeting', async () => {
    const lyon = { ...meeting, id: '22222222-2222-4222-8222-222222222222' };
    const later = { ...lyon, id: '33333333-3333-4333-8333-333333333333', startsAt: '2026-12-08T06:00:00.000Z' };
    const calls = routeFetch({
      'GET /api/me/guests': [200, { items: [] }],
      'GET /api/me/invitable-meetings': [200, { items: [] }],
      'GET /api/invitable-meetings?q=Lyon': [200, { items: [lyon, later] }],
      'GET /api/trades': [200, { trades: [] }],
      [`POST /api/meetings/${lyon.id}/guests`]: [201, { guest: { ...guest, meeting: lyon }, tradeNotice: null }],
    });
    renderWith(<MyGuestsView />);
    expect(await screen.findByText(guestMessages.noMeetings)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Inviter un visiteur' }).hasAttribute('disabled')).toBe(true);

    fireEvent.change(screen.getByRole('searchbox', { name: guestMessages.searchGroup }), {
      target: { value: 'Lyon' },
    });
    const results = await screen.findByRole('list', { name: guestMessages.chooseGroup });
    expect(screen.getByText('1 groupe trouvé').getAttribute('aria-live')).toBe('polite');
    const choice = within(results).getByRole('button', { name: /Synergie Pro Lyon/ });
    expect(choice.textContent).toContain(meetingWhen(lyon.startsAt));

    fireEvent.click(choice);
    const dialog = await screen.findByRole('dialog', { name: 'Inviter un visiteur' });
    expect((within(dialog).getByLabelText('Réunion') as HTMLSelectElement).value).toBe(lyon.id);
    fireEvent.change(within(dialog).getByLabelText('Nom'), { target: { value: 'Paul Durand' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'paul@exemple.fr' } });
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer l’invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.path).toBe(`/api/meetings/${lyon.id}/guests`);
    await waitFor(() => expect(document.activeElement).toBe(choice));
  });
});

describe('InvitationView', () => {
  it('shows the meeting and confirms without an account', async () => {
    const invitation = {
      guestName: 'Sophie Martin',
      inviterName: 'Marie Dupont',
      status: 'invited',
      meeting,
      tradeNotice: null,
      icsUrl: '/api/invitation/ics?jeton=abc',
    };
    const calls = routeFetch({
      'GET /api/invitation?jeton=abc': [200, invitation],
      'POST /api/invitation/confirm': [200, { ...invitation, status: 'registered' }],
    });
    renderWith(<InvitationView token="abc" />);
    expect(await screen.findByText('1 place Bellecour, Lyon')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ajouter à mon agenda (.ics)' }).getAttribute('href')).toBe(
      '/api/invitation/ics?jeton=abc',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Je confirme ma venue' }));
    expect(await screen.findByText(/Votre venue est confirmée/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ jeton: 'abc' });
  });

  it('checks the guest in with the meeting’s QR code (`&code=`)', async () => {
    const invitation = {
      guestName: 'Sophie Martin',
      inviterName: null,
      status: 'registered',
      meeting,
      tradeNotice: null,
      icsUrl: '/api/invitation/ics?jeton=abc',
    };
    const calls = routeFetch({
      'GET /api/invitation?jeton=abc': [200, invitation],
      'POST /api/invitation/checkin': [200, { status: 'came', checkedInAt: '2026-12-01T06:05:00.000Z' }],
    });
    renderWith(<InvitationView token="abc" checkinToken="qr" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pointer ma présence' }));
    expect(await screen.findByText(/Votre présence est enregistrée/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ guestToken: 'abc', checkinToken: 'qr' });
  });

  it('says a forged link is not valid', async () => {
    routeFetch({
      'GET /api/invitation?jeton=faux': [
        404,
        { error: { code: 'INVITATION_INVALID', message: 'Ce lien d’invitation n’est pas valide ou a expiré.' } },
      ],
    });
    renderWith(<InvitationView token="faux" />);
    expect(await screen.findByText('Ce lien d’invitation n’est pas valide.')).toBeTruthy();
  });
});
