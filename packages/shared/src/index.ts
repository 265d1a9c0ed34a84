export * from './api';
export * from './constants';
export * from './contact';
export * from './fields';
export * from './partners';
export * from './plans';
export * from './site';
export * from './profile';
