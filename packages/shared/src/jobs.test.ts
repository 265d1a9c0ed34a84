import { describe, expect, it } from 'vitest';
import { applyToJobSchema, createJobSchema, jobSkillsSchema, publishedByLabel } from './jobs';

describe('publishedByLabel', () => {
  it("reads 'Publié par {name} de {company}', without the company when there is none, else 'Anonyme'", () => {
    expect(publishedByLabel({ fullName: 'Alice Durand', companyName: 'Durand SA' })).toBe(
      'Publié par Alice Durand de Durand SA',
    );
    expect(publishedByLabel({ fullName: 'Alice Durand', companyName: '  ' })).toBe('Publié par Alice Durand');
    expect(publishedByLabel({ fullName: null, companyName: 'Durand SA' })).toBe('Anonyme');
    expect(publishedByLabel({ fullName: '   ', companyName: null })).toBe('Anonyme');
  });
});

describe('job offer schema', () => {
  it('splits comma-separated skills, trimmed, blanks dropped; a list gives the same result', () => {
    expect(jobSkillsSchema.parse(' React ,, TypeScript , ')).toEqual(['React', 'TypeScript']);
    expect(jobSkillsSchema.parse([' React ', '', 'TypeScript'])).toEqual(['React', 'TypeScript']);
  });

  it('reports the first failing field first, in the order of the dialog', () => {
    const result = createJobSchema.safeParse({
      title: 'abc',
      location: '',
      type: '',
      experience: '',
      description: '',
      skills: '',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Le titre doit contenir au moins 5 caractères');
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual([
      'title',
      'location',
      'type',
      'experience',
      'description',
      'skills',
    ]);
  });

  it('parses its own output again to the same value (the dialog sends the parsed offer)', () => {
    const offer = createJobSchema.parse({
      title: ' Comptable ',
      location: 'Nantes',
      type: 'CDD',
      experience: 'Débutant accepté',
      description: 'Tenue de la comptabilité de nos clients artisans.',
      skills: 'Comptabilité, Fiscalité',
    });
    expect(createJobSchema.parse(offer)).toEqual(offer);
  });

  it('trims the application message before counting its characters', () => {
    expect(applyToJobSchema.safeParse({ message: '   123456789   ' }).success).toBe(false);
    expect(applyToJobSchema.parse({ message: '  1234567890  ' })).toEqual({ message: '1234567890' });
  });
});
