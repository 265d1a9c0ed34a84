import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ChipInput } from './chip-input';

function Harness({ initial = [], max = 30 }: { initial?: string[]; max?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ChipInput label="Compétences" value={value} onChange={setValue} max={max} maxLength={50} />
      <output aria-label="valeur">{JSON.stringify(value)}</output>
    </>
  );
}

const field = () => screen.getByRole('textbox', { name: 'Compétences' }) as HTMLInputElement;
const value = () => JSON.parse(screen.getByLabelText('valeur').textContent ?? '[]') as string[];
const type = (text: string) => fireEvent.change(field(), { target: { value: text } });
const pressEnter = () => fireEvent.keyDown(field(), { key: 'Enter', code: 'Enter' });

describe('ChipInput', () => {
  it('adds a trimmed chip with Enter and empties the field', () => {
    render(<Harness />);
    type('  Droit des affaires  ');
    pressEnter();
    expect(value()).toEqual(['Droit des affaires']);
    expect(field().value).toBe('');
    expect(screen.getByRole('button', { name: 'Retirer Droit des affaires' })).toBeTruthy();
  });

  it("adds with the 'Ajouter' button too", () => {
    render(<Harness />);
    type('Fiscalité');
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(value()).toEqual(['Fiscalité']);
  });

  it('does not submit the surrounding form on Enter', () => {
    let submitted = false;
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submitted = true;
        }}
      >
        <Harness />
      </form>,
    );
    type('Gestion de patrimoine');
    pressEnter();
    expect(submitted).toBe(false);
    expect(value()).toEqual(['Gestion de patrimoine']);
  });

  it('refuses blanks', () => {
    render(<Harness />);
    type('    ');
    pressEnter();
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(value()).toEqual([]);
    expect(screen.queryByRole('button', { name: /^Retirer/ })).toBeNull();
  });

  it('refuses duplicates, whatever the case, and says why', () => {
    render(<Harness initial={['Comptabilité']} />);
    type(' comptabilité ');
    pressEnter();
    expect(value()).toEqual(['Comptabilité']);
    expect(screen.getByText('« comptabilité » est déjà dans la liste')).toBeTruthy();
    // What was typed stays, to be corrected.
    expect(field().value).toBe(' comptabilité ');
  });

  it('stops at the maximum count', () => {
    render(<Harness initial={['A1', 'B2']} max={2} />);
    type('C3');
    pressEnter();
    expect(value()).toEqual(['A1', 'B2']);
    expect(screen.getByText('Maximum 2 éléments')).toBeTruthy();
  });

  it('removes a chip when it is clicked and moves focus to the next one', () => {
    render(<Harness initial={['Audit', 'Conseil', 'Formation']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Retirer Conseil' }));
    expect(value()).toEqual(['Audit', 'Formation']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Retirer Formation' }));
  });

  it('returns focus to the field when the last chip goes', () => {
    render(<Harness initial={['Audit']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Retirer Audit' }));
    expect(value()).toEqual([]);
    expect(document.activeElement).toBe(field());
  });

  it('marks the field invalid and links the error message', () => {
    render(<ChipInput label="Compétences" value={[]} onChange={() => {}} max={30} error="Maximum 30 éléments" />);
    expect(field().getAttribute('aria-invalid')).toBe('true');
    const described = field().getAttribute('aria-describedby')?.split(' ') ?? [];
    const error = screen.getByText('Maximum 30 éléments');
    expect(described).toContain(error.id);
  });
});
