import { uploadEndpoints } from '@synergie/shared/endpoints';
import { apiErrors } from '@synergie/shared/errors';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadApi } from '~/lib/api-client';
import { notify } from '~/lib/toast';
import { ImageUploadField } from './image-upload-field';

vi.mock('~/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

/** A form holding the image URL, as the service and project dialogs do. */
function Harness({ initial = null, appearance }: { initial?: string | null; appearance?: 'preview' | 'button' }) {
  const [url, setUrl] = useState<string | null>(initial);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return uploadApi(uploadEndpoints.contentImage, body);
    },
  });
  return (
    <>
      <ImageUploadField
        label="Image"
        value={url}
        upload={upload}
        onUploaded={setUrl}
        failedMessage="Impossible de télécharger l’image"
        previewAlt="Aperçu de l’image du service"
        onRemove={() => setUrl(null)}
        appearance={appearance}
      />
      <output data-testid="form-value">{url ?? ''}</output>
    </>
  );
}

function renderField(props: Parameters<typeof Harness>[0] = {}) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
}

const fileInput = () => screen.getByLabelText('Image') as HTMLInputElement;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'chantier.png', { type: 'image/png' });
const formValue = () => screen.getByTestId('form-value').textContent;

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('ImageUploadField', () => {
  it('uploads the chosen image, is disabled meanwhile, then previews it and hands its URL to the form', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderField();
    expect(fileInput().accept).toBe('image/*');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retirer l’image' })).toBeNull();

    choose(png());
    await waitFor(() => expect(fileInput().disabled).toBe(true));
    expect(screen.getByText('Téléchargement en cours…')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/uploads/service-images');
    expect(((init.body as FormData).get('file') as File).name).toBe('chantier.png');

    answer(new Response(JSON.stringify({ url: '/storage/service-images/u1/chantier.webp' })));
    await waitFor(() => expect(fileInput().disabled).toBe(false));
    expect(formValue()).toBe('/storage/service-images/u1/chantier.webp');
    const preview = screen.getByRole('img', { name: 'Aperçu de l’image du service' });
    expect(preview.getAttribute('src')).toBe('/storage/service-images/u1/chantier.webp');
    expect(screen.getByText('JPEG, PNG, WebP, GIF ou AVIF, 5 Mo maximum.')).toBeTruthy();
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an image without sending it', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderField();
    choose(new File(['%PDF'], 'devis.pdf', { type: 'application/pdf' }));
    expect(notify.error).toHaveBeenCalledWith(apiErrors.NOT_AN_IMAGE.message);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(formValue()).toBe('');
  });

  it.each([
    [413, 'L’image est trop volumineuse (5 Mo maximum).'],
    [415, apiErrors.NOT_AN_IMAGE.message],
    [500, 'Impossible de télécharger l’image'],
  ])('a bare %i from a proxy still reads in French', async (status, message) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>proxy</html>', { status })),
    );
    renderField();
    choose(png());
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(message));
    expect(formValue()).toBe('');
  });

  it('shows the server’s own French refusal', async () => {
    const message = 'L’image est trop volumineuse (5 Mo maximum).';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { code: 'TOO_LARGE', message } }), { status: 413 })),
    );
    renderField();
    choose(png());
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(message));
  });

  it('removes the current image on request', () => {
    renderField({ initial: '/storage/service-images/u1/ancienne.webp' });
    expect(screen.getByRole('img', { name: 'Aperçu de l’image du service' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retirer l’image' }));
    expect(formValue()).toBe('');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('never previews an address outside our storage (a script URL)', () => {
    renderField({ initial: 'javascript:alert(1)' });
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('draws a French button with the chosen file’s name, never the browser’s `Choose File`', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ url: '/storage/services/a.webp' }))),
    );
    renderField();
    expect(fileInput().classList.contains('sr-only')).toBe(true);
    expect(screen.getByText('Choisir un fichier')).toBeTruthy();
    expect(screen.getByText('Aucun fichier choisi')).toBeTruthy();
    choose(png());
    expect(screen.getByText('chantier.png')).toBeTruthy();
  });

  it('as a button: no preview, the same upload', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ url: '/storage/event-categories/a.webp' }))),
    );
    renderField({ appearance: 'button', initial: '/storage/event-categories/old.webp' });
    expect(screen.queryByRole('img')).toBeNull();
    expect(fileInput().classList.contains('sr-only')).toBe(true);
    // The button is the field's label itself: no `Choisir un fichier` beside it.
    expect(screen.queryByText('Choisir un fichier')).toBeNull();
    choose(png());
    await waitFor(() => expect(formValue()).toBe('/storage/event-categories/a.webp'));
  });
});
