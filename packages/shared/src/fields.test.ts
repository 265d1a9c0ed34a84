import { describe, expect, it } from 'vitest';
import {
  boundedText,
  emailSchema,
  fieldMessages,
  fullName,
  httpUrl,
  multilineText,
  nullableHttpUrl,
  nullableText,
  optionalText,
  passwordSchema,
} from './fields';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('passwordSchema (spec section 5)', () => {
  it.each([
    ['court1A', 'Le mot de passe doit contenir au moins 8 caractères'],
    ['sansmajuscule1', 'Le mot de passe doit contenir au moins une majuscule'],
    ['SansChiffre', 'Le mot de passe doit contenir au moins un chiffre'],
  ])('refuses %s with "%s"', (password, message) => {
    expect(firstMessage(passwordSchema.safeParse(password))).toBe(message);
  });

  it('accepts a password that follows the rules', () => {
    expect(passwordSchema.safeParse('Motdepasse1').success).toBe(true);
  });
});

describe('emailSchema', () => {
  it('trims and validates', () => {
    expect(emailSchema.parse('  jean@exemple.fr ')).toBe('jean@exemple.fr');
    expect(firstMessage(emailSchema.safeParse('jean@'))).toBe('Email invalide');
    expect(firstMessage(emailSchema.safeParse(42))).toBe('Email invalide');
  });

  it('refuses more than 255 characters', () => {
    expect(emailSchema.safeParse(`${'a'.repeat(249)}@ex.fr`).success).toBe(true);
    expect(emailSchema.safeParse(`${'a'.repeat(250)}@ex.fr`).success).toBe(false);
  });
});

describe('field builders: one line or several', () => {
  const name = boundedText(1, 100, 'Le nom', { required: 'Le nom est requis' });
  const about = multilineText(1, 1000, 'La présentation');

  it.each([
    ['CR/LF', 'Acme\r\nBEGIN:VCARD'],
    ['LF', 'Acme\nSARL'],
    ['TAB', 'Acme\tSARL'],
    ['NUL', 'Acme\u0000'],
    ['another C0 control', 'Acme\u0007'],
    ['DEL', 'Acme\u007F'],
    ['a C1 control', 'Acme\u0085'],
    ['a line separator', 'Acme\u2028SARL'],
    ['a right-to-left override', '\u202Egnp.exe'],
    ['a left-to-right embedding', 'Acme\u202A'],
    ['a directional isolate', 'Acme\u2066x\u2069'],
  ])('a one-line field refuses %s with the French message', (_what, value) => {
    expect(firstMessage(name.safeParse(value))).toBe(fieldMessages.forbiddenCharacters);
    expect(firstMessage(companyName.safeParse(value))).toBe(fieldMessages.forbiddenCharacters);
    expect(firstMessage(fullName().safeParse(value))).toBe(fieldMessages.forbiddenCharacters);
  });

  it('trims the spaces and line breaks around a one-line value, and keeps letters of every script', () => {
    expect(name.parse('  Acme SARL \r\n')).toBe('Acme SARL');
    expect(name.parse('مرحبا بالعالم')).toBe('مرحبا بالعالم');
    expect(name.parse('Zoë 🙂 Ｅｘｔｒａ')).toBe('Zoë 🙂 Ｅｘｔｒａ');
  });

  it('a multi-line field keeps line breaks and tabs but refuses NUL, controls and direction overrides', () => {
    expect(about.parse('Bonjour,\r\n\tnous sommes\nà Lyon.')).toBe('Bonjour,\r\n\tnous sommes\nà Lyon.');
    for (const value of ['a\u0000b', 'a\u0007b', 'a\u202Eb', 'a\u2067b\u2069']) {
      expect(firstMessage(about.safeParse(value))).toBe(fieldMessages.forbiddenInvisibleCharacters);
    }
    const optional = optionalText(100, 'Les notes', { multiline: true });
    expect(optional.parse('ligne 1\nligne 2')).toBe('ligne 1\nligne 2');
    expect(firstMessage(optional.safeParse('\u202Ex'))).toBe(fieldMessages.forbiddenInvisibleCharacters);
  });

  it('keeps the length messages of the catalogue', () => {
    expect(firstMessage(name.safeParse(''))).toBe('Le nom est requis');
    expect(firstMessage(name.safeParse(undefined))).toBe('Le nom est requis');
    expect(firstMessage(name.safeParse('x'.repeat(101)))).toBe('Le nom ne peut pas dépasser 100 caractères');
    expect(firstMessage(boundedText(5, 100, 'Le titre').safeParse('abc'))).toBe(
      'Le titre doit contenir au moins 5 caractères',
    );
    expect(firstMessage(fullName().safeParse(' A '))).toBe('Le nom doit contenir au moins 2 caractères');
  });

  it('stores an empty optional text as null, and a missing one too', () => {
    const optional = optionalText(60, 'La catégorie');
    expect(optional.parse('  ')).toBeNull();
    expect(optional.parse(null)).toBeNull();
    expect(optional.parse(undefined)).toBeNull();
    expect(nullableText(60, 'La catégorie').optional().parse(undefined)).toBeUndefined();
  });
});

const companyName = nullableText(100, "Le nom de l'entreprise");

describe('httpUrl', () => {
  const link = nullableHttpUrl({ invalid: 'Lien invalide', tooLong: 'Le lien ne peut pas dépasser 500 caractères' });
  const site = httpUrl({ required: "L'adresse est requise", invalid: 'Adresse invalide', tooLong: 'Trop long' });

  it('adds https:// when no scheme is typed, keeps http(s)://, stores empty as null', () => {
    expect(link.parse('martin-conseil.fr')).toBe('https://martin-conseil.fr');
    expect(link.parse('site.fr:8080/a')).toBe('https://site.fr:8080/a');
    expect(link.parse('http://github.com/x')).toBe('http://github.com/x');
    expect(link.parse(' ')).toBeNull();
    expect(site.parse('www.site.fr')).toBe('https://www.site.fr');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)//x.fr',
    'data:text/html,<script>alert(1)</script>',
    'ftp://site.fr',
    'https://',
    'localhost',
    'https://exa\nmple.fr',
    'https://site.fr/\u202Egnp.exe',
  ])('refuses %s', (value) => {
    expect(firstMessage(link.safeParse(value))).toBe('Lien invalide');
    expect(firstMessage(site.safeParse(value))).toBe('Adresse invalide');
  });

  it('a required link refuses empty with its own message', () => {
    expect(firstMessage(site.safeParse(''))).toBe("L'adresse est requise");
    expect(firstMessage(site.safeParse(undefined))).toBe("L'adresse est requise");
    expect(firstMessage(link.safeParse('x'.repeat(501)))).toBe('Le lien ne peut pas dépasser 500 caractères');
  });
});
