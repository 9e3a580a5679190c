export * from './auth';
export * from './catalog';
