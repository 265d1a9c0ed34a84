import { okResponseSchema } from '../api';
import { endpoint, multipartBody } from '../endpoint';
import { idParams } from '../ids';
import {
  dataExportSchema,
  deleteAccountSchema,
  imageUploadResponseSchema,
  meResponseSchema,
  profileSchema,
  profileUpdateSchema,
} from '../profile';
import { activeSessionsResponseSchema } from '../sessions';

const tags = ['Compte'];
/** The avatar's and the logo's uploads: 30 per address every 10 minutes. */
const uploadRateLimit = { max: 30, timeWindow: '10 minutes' } as const;
const uploadErrors = [
  'NO_FILE',
  'NOT_AN_IMAGE',
  'IMAGE_TOO_LARGE',
  'IMAGE_DIMENSIONS_TOO_LARGE',
  'IMAGE_TOO_MANY_FRAMES',
  'IMAGES_BUSY',
] as const;

/** /api/me/*: the signed-in member's own account. Every route acts on the session's user only. */
export const meEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/me',
    operationId: 'getMe',
    tags,
    summary: 'Le membre connecté\u00a0: compte, profil et rôle admin (get_my_profile, is_admin)',
    access: 'member',
    responses: { 200: meResponseSchema },
  }),
  sessions: endpoint({
    method: 'GET',
    path: '/me/sessions',
    operationId: 'listMySessions',
    tags,
    summary: 'Les sessions actives du membre (sans leurs jetons)',
    access: 'member',
    responses: { 200: activeSessionsResponseSchema },
  }),
  revokeSession: endpoint({
    method: 'DELETE',
    path: '/me/sessions/:id',
    operationId: 'revokeMySession',
    tags,
    summary: 'Déconnecter l’un de ses appareils',
    access: 'member',
    params: idParams('id'),
    responses: { 200: okResponseSchema },
    errors: ['NOT_FOUND'],
  }),
  updateProfile: endpoint({
    method: 'PUT',
    path: '/me/profile',
    operationId: 'updateMyProfile',
    tags,
    summary: 'Mettre à jour son profil (profiles update)',
    access: 'member',
    body: profileUpdateSchema,
    responses: { 200: profileSchema },
    errors: ['TRADE_NOT_FOUND', 'TRADE_LOCKED_BY_SEAT'],
  }),
  uploadAvatar: endpoint({
    method: 'POST',
    path: '/me/avatar',
    operationId: 'uploadMyAvatar',
    tags,
    summary:
      'Envoyer sa photo de profil (multipart/form-data, champ «\u00a0file\u00a0»\u202f; JPEG, PNG, WebP, GIF ou AVIF)',
    access: 'member',
    body: multipartBody('file', 'La photo de profil (JPEG, PNG, WebP, GIF ou AVIF)'),
    responses: { 200: imageUploadResponseSchema },
    errors: uploadErrors,
    rateLimit: uploadRateLimit,
    quota: 'uploads',
  }),
  uploadLogo: endpoint({
    method: 'POST',
    path: '/me/logo',
    operationId: 'uploadMyLogo',
    tags,
    summary:
      'Envoyer le logo de son entreprise (multipart/form-data, champ «\u00a0file\u00a0»\u202f; JPEG, PNG, WebP, GIF ou AVIF)',
    access: 'member',
    body: multipartBody('file', 'Le logo de son entreprise (JPEG, PNG, WebP, GIF ou AVIF)'),
    responses: { 200: imageUploadResponseSchema },
    errors: uploadErrors,
    rateLimit: uploadRateLimit,
    quota: 'uploads',
  }),
  removeAvatar: endpoint({
    method: 'DELETE',
    path: '/me/avatar',
    operationId: 'removeMyAvatar',
    tags,
    summary: 'Retirer sa photo de profil',
    access: 'member',
    responses: { 200: okResponseSchema },
  }),
  removeLogo: endpoint({
    method: 'DELETE',
    path: '/me/logo',
    operationId: 'removeMyLogo',
    tags,
    summary: 'Retirer le logo de son entreprise',
    access: 'member',
    responses: { 200: okResponseSchema },
  }),
  exportData: endpoint({
    method: 'GET',
    path: '/me/export',
    operationId: 'exportMyData',
    tags,
    summary: 'Télécharger toutes ses données (RGPD), en JSON',
    access: 'member',
    responses: { 200: dataExportSchema },
  }),
  deleteAccount: endpoint({
    method: 'DELETE',
    path: '/me',
    operationId: 'deleteMyAccount',
    tags,
    summary: 'Supprimer son compte (RGPD)\u00a0: confirmer en saisissant son email',
    access: 'member',
    body: deleteAccountSchema,
    responses: { 200: okResponseSchema },
    errors: ['DELETE_CONFIRM_MISMATCH'],
  }),
};
