import "./zod-locale";
export * from './api';
export * from './contact';
export * from './fields';
export * from './site';
