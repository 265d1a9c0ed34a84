import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FileInput } from './file-input';

describe('FileInput', () => {
  it('is a French button that shows the chosen file’s name, the input named by the field’s label', () => {
    const onChange = vi.fn();
    render(
      <>
        <span id="field-label">Photo de profil</span>
        <FileInput labelledBy="field-label" accept="image/*" onChange={onChange} />
      </>,
    );
    expect(screen.getByText('Choisir un fichier')).toBeTruthy();
    const input = screen.getByLabelText('Photo de profil') as HTMLInputElement;
    expect(input.type).toBe('file');
    // Reached by Tab (not hidden from the keyboard), described by the file's name.
    expect(input.tabIndex).toBe(0);
    const description = () => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(description()).toBe('Aucun fichier choisi');
    fireEvent.change(input, { target: { files: [new File(['x'], 'portrait.png', { type: 'image/png' })] } });
    expect(onChange).toHaveBeenCalledOnce();
    expect(description()).toBe('portrait.png');
    expect(screen.getByText('portrait.png')).toBeTruthy();
    // A click on the French button is a click on the input.
    expect(screen.getByText('Choisir un fichier').closest('label')?.htmlFor).toBe(input.id);
  });

  it('without a field label, is named by its button, and keeps the caller’s description', () => {
    render(
      <>
        <p id="hint">5 Mo maximum.</p>
        <FileInput showFileName={false} aria-describedby="hint">
          Ajouter une image
        </FileInput>
      </>,
    );
    const input = screen.getByLabelText('Ajouter une image') as HTMLInputElement;
    expect(input.getAttribute('aria-describedby')).toBe('hint');
    expect(screen.queryByText('Aucun fichier choisi')).toBeNull();
  });
});
