export * from './platform.ts';
export * from './tenancy.ts';
export * from './work.ts';
export * from './collab.ts';
export * from './audit.ts';
export * from './notifications.ts';
export * from './tallies.ts';
export * from './idempotency.ts';
