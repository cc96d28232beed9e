export * from './constants.ts';
export * from './messages.ts';
export * from './permissions.ts';
export * from './envelope.ts';
export * from './auth.ts';
export * from './users.ts';
