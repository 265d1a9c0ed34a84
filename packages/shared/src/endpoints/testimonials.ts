import { z } from 'zod';
import { endpoint } from '../endpoint';
import {
  featuredTestimonialsSchema,
  myTestimonialsSchema,
  testimonialAnswerSchema,
  testimonialFormSchema,
  testimonialIdParamsSchema,
  testimonialSchema,
} from '../recommendations';

const tags = ['Témoignages'];

/** `Témoignages` (network-core §3): shown on the member's public page once they approve them. */
export const testimonialEndpoints = {
  write: endpoint({
    method: 'POST',
    path: '/testimonials',
    operationId: 'writeTestimonial',
    tags,
    summary:
      'Écrire un témoignage sur un membre (abonné)\u00a0: un par auteur et membre, le réécrire le remplace et le remet en attente\u202f; le membre est prévenu',
    access: 'subscriber',
    body: testimonialFormSchema,
    responses: { 201: testimonialSchema },
    errors: ['SELF_TESTIMONIAL', 'MEMBER_NOT_FOUND', 'RECIPIENT_NOT_MEMBER'],
    // It notifies the member it is about (issue 33).
    quota: 'testimonials',
  }),
  featured: endpoint({
    method: 'GET',
    path: '/testimonials/featured',
    operationId: 'listFeaturedTestimonials',
    tags,
    summary:
      'Les témoignages publiés que montre la page d’accueil (trois au plus, un par membre, les plus récents)\u00a0: ce que montrent déjà les pages publiques des membres',
    access: 'public',
    responses: { 200: featuredTestimonialsSchema },
  }),
  mine: endpoint({
    method: 'GET',
    path: '/me/testimonials',
    operationId: 'listMyTestimonials',
    tags,
    summary: 'Ses témoignages reçus (à publier, publiés, refusés) et écrits, avec leur statut',
    access: 'member',
    responses: { 200: myTestimonialsSchema },
  }),
  answer: endpoint({
    method: 'POST',
    path: '/testimonials/:testimonialId/answer',
    operationId: 'answerTestimonial',
    tags,
    summary: 'Publier ou refuser un témoignage reçu (le membre concerné seulement\u202f; il peut changer d’avis)',
    access: 'member',
    params: testimonialIdParamsSchema,
    body: testimonialAnswerSchema,
    responses: { 200: testimonialSchema },
    errors: ['TESTIMONIAL_NOT_FOUND', 'NOT_TESTIMONIAL_SUBJECT', 'TESTIMONIAL_CHANGED'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/testimonials/:testimonialId',
    operationId: 'deleteTestimonial',
    tags,
    summary: 'Retirer un témoignage écrit (son auteur seulement)',
    access: 'member',
    params: testimonialIdParamsSchema,
    responses: { 204: z.null() },
    errors: ['TESTIMONIAL_NOT_FOUND', 'NOT_TESTIMONIAL_AUTHOR'],
  }),
};
