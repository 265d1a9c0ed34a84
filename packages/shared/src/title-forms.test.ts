import { describe, expect, it } from 'vitest';
import { LEADER_ROLE_LABELS, LEADER_ROLES, leaderRoleLabel, TITLE_FORM_LABELS, TITLE_FORMS } from './group-constants';
import { tradeFormSchema } from './groups';
import { profileUpdateSchema } from './profile';
import { foldRosterText, ROSTER_ROLE_WORDS } from './roster-import';
import { typographyProblems, withTypographicApostrophes } from './typography';

/** The feminine forms of titles (issue 31, docs/product/decisions.md "formes féminines"). */
describe('leaderRoleLabel', () => {
  it('names each role in the form the member chose', () => {
    expect(LEADER_ROLES.map((role) => leaderRoleLabel(role, 'feminine'))).toEqual([
      'Présidente',
      'Vice-présidente',
      'Secrétaire-trésorière',
    ]);
    expect(LEADER_ROLES.map((role) => leaderRoleLabel(role, 'masculine'))).toEqual([
      'Président',
      'Vice-président',
      'Secrétaire-trésorier',
    ]);
    // The generic names (a role in general) stay the masculine ones.
    for (const role of LEADER_ROLES) expect(LEADER_ROLE_LABELS[role]).toBe(leaderRoleLabel(role, 'masculine'));
  });

  it('offers the two forms on the profile, with an example of each', () => {
    expect(TITLE_FORMS).toEqual(['masculine', 'feminine']);
    expect(TITLE_FORM_LABELS).toEqual({
      masculine: 'Au masculin (Président, Consultant)',
      feminine: 'Au féminin (Présidente, Consultante)',
    });
  });

  it('lets a roster file name a role in either form', () => {
    for (const role of LEADER_ROLES) {
      for (const form of TITLE_FORMS) {
        expect(ROSTER_ROLE_WORDS[role], `${role} ${form}`).toContain(foldRosterText(leaderRoleLabel(role, form)));
      }
    }
  });
});

describe('the profile’s choice', () => {
  const base = {
    fullName: 'Claire Martin',
    companyName: '',
    phone: '',
    bio: '',
    industry: '',
    city: '',
    sponsorName: '',
    websiteUrl: '',
    linkedinUrl: '',
    twitterUrl: '',
    githubUrl: '',
    facebookUrl: '',
    skills: [],
    lookingFor: [],
  };

  it('takes either form, leaves it unchanged when missing and refuses anything else in French', () => {
    expect(profileUpdateSchema.parse({ ...base, titleForm: 'feminine' }).titleForm).toBe('feminine');
    expect(profileUpdateSchema.parse(base).titleForm).toBeUndefined();
    const refused = profileUpdateSchema.safeParse({ ...base, titleForm: 'neutre' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Choisissez l’accord de vos titres');
  });
});

describe('a trade’s feminine label (admin form)', () => {
  const trade = { label: 'Architecte d’intérieur', family: 'batiment', nafCode: '', regulated: false };

  it('is optional, stored with the typographic apostrophe, and checked like the label', () => {
    expect(tradeFormSchema.parse(trade).labelFeminine).toBeNull();
    expect(tradeFormSchema.parse({ ...trade, labelFeminine: '   ' }).labelFeminine).toBeNull();
    expect(tradeFormSchema.parse({ ...trade, labelFeminine: null }).labelFeminine).toBeNull();
    const saved = tradeFormSchema.parse({ ...trade, labelFeminine: " Conseillère en création d'entreprise " });
    expect(saved.labelFeminine).toBe('Conseillère en création d’entreprise');
    expect(typographyProblems(saved.labelFeminine ?? '')).toEqual([]);
    expect(tradeFormSchema.safeParse({ ...trade, labelFeminine: 'A' }).error?.issues[0]?.message).toBe(
      'Le libellé au féminin doit contenir au moins 2 caractères',
    );
    expect(tradeFormSchema.safeParse({ ...trade, labelFeminine: 'x'.repeat(101) }).success).toBe(false);
    expect(tradeFormSchema.safeParse({ ...trade, labelFeminine: 'Avo\ncate' }).success).toBe(false);
  });

  it('leaves quotes that are not apostrophes alone', () => {
    expect(withTypographicApostrophes("l'adresse d'Anne")).toBe('l’adresse d’Anne');
    expect(withTypographicApostrophes("'cité' 80'")).toBe("'cité' 80'");
  });
});
