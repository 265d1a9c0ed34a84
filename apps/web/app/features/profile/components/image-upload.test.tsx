import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '~/lib/toast';
import { ImageUpload } from './image-upload';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function renderUpload(imageUrl: string | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ImageUpload
        kind="avatar"
        label="Photo de profil"
        imageUrl={imageUrl}
        previewAlt="Votre photo de profil"
        removeLabel="Supprimer la photo"
      />
    </QueryClientProvider>,
  );
}

const fileInput = () => screen.getByLabelText('Photo de profil') as HTMLInputElement;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'photo.png', { type: 'image/png' });

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('ImageUpload', () => {
  it("accepts images only and is disabled with 'Téléchargement en cours…' while uploading", async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderUpload();
    expect(fileInput().accept).toBe('image/*');
    expect(fileInput().disabled).toBe(false);
    expect(screen.queryByText('Téléchargement en cours…')).toBeNull();

    choose(png());
    await waitFor(() => expect(fileInput().disabled).toBe(true));
    expect(screen.getByText('Téléchargement en cours…')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/me/avatar');
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);

    answer(new Response(JSON.stringify({ url: '/storage/avatars/u1/photo.webp' })));
    await waitFor(() => expect(fileInput().disabled).toBe(false));
    expect(screen.queryByText('Téléchargement en cours…')).toBeNull();
    expect(notify.success).toHaveBeenCalledWith('Image téléchargée avec succès');
  });

  it('shows the server’s French refusal', async () => {
    const message = 'L’image est trop volumineuse (5 Mo maximum).';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { code: 'TOO_LARGE', message } }), { status: 413 })),
    );
    renderUpload();
    choose(png());
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(message));
  });

  it("says 'Impossible de télécharger l’image' when the server fails without a message", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('oops', { status: 500 })),
    );
    renderUpload();
    choose(png());
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Impossible de télécharger l’image'));
  });

  it('refuses a file that is not an image without sending it', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderUpload();
    choose(new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(notify.error).toHaveBeenCalledWith(
      'Ce fichier n’est pas une image (formats acceptés\u00a0: JPEG, PNG, WebP, GIF, AVIF).',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('previews the stored image and offers to remove it', () => {
    const { unmount } = renderUpload('/storage/avatars/u1/photo.webp');
    expect(screen.getByRole('img', { name: 'Votre photo de profil' }).getAttribute('src')).toBe(
      '/storage/avatars/u1/photo.webp',
    );
    expect(screen.getByRole('button', { name: 'Supprimer la photo' })).toBeTruthy();
    unmount();
    // Never a script or protocol-relative address in an <img>.
    for (const url of ['javascript:alert(1)', '//tracker.example/photo.png']) {
      const view = renderUpload(url);
      expect(document.querySelector('img')).toBeNull();
      view.unmount();
    }
  });
});
