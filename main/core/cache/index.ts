export * from './rowCache';
export { entryToRow, CacheEntrySchema, CacheFileSchema } from './schema';
