export { type ClientOptions, type Credentials, type RequestOptions, SvcClient } from './client';
export { SvcError, type SvcErrorEntry } from './errors';
export * from './generated/graphql';
