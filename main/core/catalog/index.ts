export * from './client';
export * from './errors';
export * from './paging';
export * from './http';
