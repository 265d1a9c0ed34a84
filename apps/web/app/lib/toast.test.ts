import { beforeEach, describe, expect, it, vi } from 'vitest';

const toast = Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() });
vi.mock('sonner', () => ({ toast }));

const { notify } = await import('./toast');

describe('notify', () => {
  beforeEach(() => vi.clearAllMocks());

  it("titles errors 'Erreur' and keeps them 5000 ms", async () => {
    notify.error('Erreur lors de l’envoi du message. Veuillez réessayer.');
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(toast.error).toHaveBeenCalledWith('Erreur', {
      description: 'Erreur lors de l’envoi du message. Veuillez réessayer.',
      duration: 5000,
    });
  });

  it("shows successes, titled 'Succès' when asked (services)", async () => {
    notify.success('Service créé avec succès', { title: 'Succès' });
    notify.success('Inscription confirmée');
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledTimes(2));
    expect(toast.success).toHaveBeenCalledWith('Succès', { description: 'Service créé avec succès', duration: 5000 });
    expect(toast.success).toHaveBeenCalledWith('Inscription confirmée', { duration: 5000 });
  });
});
