import { describe, expect, it } from 'vitest';
import * as endpoints from './endpoints';
import * as shared from './index';
import { qrScannerMessages } from './qr-scanner-messages';
import { dateTimeProblems, frenchStrings, NBSP, NNBSP, typographyProblems } from './typography';

describe('typographyProblems', () => {
  it('accepts the rule: a no-break space before : and », after «, a narrow one before ; ! ?', () => {
    for (const text of [
      `Connexion réussie${NNBSP}!`,
      `Formats acceptés${NBSP}: JPEG, PNG.`,
      `Vraiment${NNBSP}? Oui${NNBSP}; enfin${NNBSP}!`,
      `Cochez «${NBSP}Autoriser${NBSP}»${NBSP}: c’est tout.`,
      `Quoi${NNBSP}?!`,
      'L’adresse de l’organisateur',
    ]) {
      expect(typographyProblems(text), text).toEqual([]);
    }
  });

  it('ignores addresses, times, paths and code, which are not French punctuation', () => {
    for (const text of [
      'Voir https://exemple.fr/groupes/:id?page=2',
      'mailto:contact@exemple.fr',
      'Tous les mardis à 07:00',
      '/api/groups/:groupId/members',
      'clé a:b, valeur c!d',
    ]) {
      expect(typographyProblems(text), text).toEqual([]);
    }
  });

  it('finds a breaking space, no space or the wrong no-break space before the marks', () => {
    expect(typographyProblems('Connexion réussie!')).toHaveLength(1);
    expect(typographyProblems('Connexion réussie !')).toHaveLength(1);
    expect(typographyProblems('Formats acceptés : JPEG')).toHaveLength(1);
    expect(typographyProblems('Formats acceptés: JPEG')).toHaveLength(1);
    expect(typographyProblems(`Formats acceptés${NNBSP}: JPEG`)).toHaveLength(1);
    expect(typographyProblems(`Vraiment${NBSP}?`)).toHaveLength(1);
    expect(typographyProblems('Un point ; un autre')).toHaveLength(1);
    expect(typographyProblems('Cochez « Autoriser »')).toHaveLength(2);
    expect(typographyProblems(`Cochez «${NNBSP}Autoriser${NNBSP}»`)).toHaveLength(2);
  });

  it('finds a straight apostrophe between letters', () => {
    expect(typographyProblems("L'adresse de l'organisateur")).toHaveLength(2);
    expect(typographyProblems("'cité' entre apostrophes")).toEqual([]);
  });
});

/** Every string of a value: the message catalogues are objects and arrays of strings. */
describe('the French catalogues', () => {
  it('follow the typography rule, every string of every exported catalogue', () => {
    const problems = frenchStrings({ ...shared, qrScannerMessages }).flatMap(([path, text]) =>
      typographyProblems(text).map((problem) => `${path}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  it('walks the error catalogue and the labels', () => {
    const paths = new Map(frenchStrings({ ...shared, qrScannerMessages }));
    expect(paths.get('apiErrors.RATE_LIMITED.message')).toBe(shared.apiErrors.RATE_LIMITED.message);
    expect(paths.get('authMessages.signInSuccess')).toBe(`Connexion réussie${NNBSP}!`);
    expect(paths.size).toBeGreaterThan(1000);
  });
});

describe('dateTimeProblems', () => {
  it('finds ISO dates and months and times not in the 7 h 00 style', () => {
    expect(dateTimeProblems('relevé 2026-12')).toHaveLength(1);
    expect(dateTimeProblems('le 2026-12-01 à 07:00')).toHaveLength(2);
    expect(dateTimeProblems('à 19:43:05')).toHaveLength(1);
    expect(dateTimeProblems(`relevé de décembre 2026, le 1er décembre à 7${NBSP}h${NBSP}00`)).toEqual([]);
    expect(dateTimeProblems('Facture AF-X-2026-0001, SIRET 73282932000074, 1 234,56 €')).toEqual([]);
  });
});

/** The API's own words (its OpenAPI document, `/api/docs`): each summary and file field's description. */
describe('the endpoint declarations', () => {
  it('follow the typography rule in their summaries and descriptions', () => {
    const problems: string[] = [];
    let seen = 0;
    for (const [group, declarations] of Object.entries(endpoints)) {
      for (const [name, declaration] of Object.entries(declarations as Record<string, unknown>)) {
        const d = declaration as { summary?: string; body?: { kind?: string; description?: string } };
        const texts = [d.summary, d.body?.kind === 'multipart' ? d.body.description : undefined];
        for (const text of texts.filter((x): x is string => typeof x === 'string')) {
          seen += 1;
          for (const problem of typographyProblems(text)) problems.push(`${group}.${name}: ${problem}`);
        }
      }
    }
    expect(seen).toBeGreaterThan(200);
    expect(problems).toEqual([]);
  });
});
