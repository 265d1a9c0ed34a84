import './zod-locale';
import { z } from 'zod';
import { isoDateTime } from './api-dates';
import { boundedText, fieldMessages, isSingleLineText, multilineText } from './fields';

export * from './job-messages';

export const JOB_SKILLS_MAX = 20;
export const JOB_SKILL_MAX_LENGTH = 50;
export const APPLICATION_MESSAGE_MIN = 10;
export const APPLICATION_MESSAGE_MAX = 2000;

const skillsRequired = 'Au moins une compétence est requise';

/**
 * Skills are typed comma-separated in the dialog ("React, TypeScript"); the API also takes the
 * list the dialog sends. Either way: trimmed, blanks dropped, 1 to 20 skills of 50 characters at most.
 */
export const jobSkillsSchema = z
  .union([z.string(), z.array(z.string())], { error: skillsRequired })
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(',')).map((skill) => skill.trim()).filter((skill) => skill !== ''),
  )
  .pipe(
    z
      .array(
        z
          .string()
          .max(JOB_SKILL_MAX_LENGTH, {
            error: `Chaque compétence ne peut pas dépasser ${JOB_SKILL_MAX_LENGTH} caractères`,
          })
          .refine(isSingleLineText, { error: fieldMessages.forbiddenCharacters }),
      )
      .min(1, { error: skillsRequired })
      .max(JOB_SKILLS_MAX, { error: `Maximum ${JOB_SKILLS_MAX} compétences` }),
  );

/**
 * 'Publier une offre': the dialog's resolver and the body of POST /api/jobs. Fields in the
 * dialog's order, so the first message reported is the one of the first field that fails.
 */
export const createJobSchema = z.object({
  title: boundedText(5, 100, 'Le titre'),
  location: boundedText(2, 100, 'La localisation'),
  type: boundedText(2, 50, 'Le type de contrat'),
  experience: boundedText(2, 100, "L'expérience"),
  description: multilineText(20, 2000, 'La description'),
  skills: jobSkillsSchema,
});
export type CreateJobInput = z.input<typeof createJobSchema>;
export type CreateJob = z.output<typeof createJobSchema>;

const applicationMessageTooShort = 'Veuillez fournir un message d’au moins 10 caractères';

/** 'Postuler': why the member is interested, at least 10 characters once trimmed. */
export const applyToJobSchema = z.object({
  message: multilineText(APPLICATION_MESSAGE_MIN, APPLICATION_MESSAGE_MAX, 'Votre message', {
    required: applicationMessageTooShort,
  }),
});
export type ApplyToJobInput = z.input<typeof applyToJobSchema>;
export type ApplyToJob = z.output<typeof applyToJobSchema>;

export const jobAuthorSchema = z.object({ fullName: z.string().nullable(), companyName: z.string().nullable() });

export const jobOfferSchema = z.object({
  id: z.string(),
  title: z.string(),
  location: z.string(),
  type: z.string(),
  experience: z.string(),
  description: z.string(),
  skills: z.array(z.string()),
  createdAt: isoDateTime(),
  /** The author's public profile (get_public_profile). */
  author: jobAuthorSchema,
  /** The viewer wrote this offer: no 'Postuler', but 'Supprimer' and the applications. */
  isOwn: z.boolean(),
  /** The viewer already applied to this offer. */
  hasApplied: z.boolean(),
  /** Applications received: for the author only, null for everyone else. */
  applicationCount: z.number().int().nullable(),
});
export type JobOffer = z.infer<typeof jobOfferSchema>;

/** GET /api/jobs: the viewer's own offers first, then the others, each newest first. */
export const jobsResponseSchema = z.object({ jobs: z.array(jobOfferSchema) });
export type JobsResponse = z.infer<typeof jobsResponseSchema>;

export const jobApplicationSchema = z.object({
  id: z.string(),
  applicant: jobAuthorSchema,
  message: z.string(),
  createdAt: isoDateTime(),
});
export type JobApplication = z.infer<typeof jobApplicationSchema>;

/** GET /api/jobs/:id/applications (the offer's author only), newest first. */
export const jobApplicationsResponseSchema = z.object({ applications: z.array(jobApplicationSchema) });
export type JobApplicationsResponse = z.infer<typeof jobApplicationsResponseSchema>;

export const applyResponseSchema = z.object({ id: z.string(), createdAt: isoDateTime() });
export type ApplyResponse = z.infer<typeof applyResponseSchema>;

/** GET /api/me/applications: what the member sent, newest first. */
export const myApplicationsResponseSchema = z.object({
  applications: z.array(
    z.object({
      id: z.string(),
      jobId: z.string(),
      jobTitle: z.string(),
      message: z.string(),
      createdAt: isoDateTime(),
    }),
  ),
});
export type MyApplicationsResponse = z.infer<typeof myApplicationsResponseSchema>;
