export { SvcClient, type ClientOptions, type Credentials, type RequestOptions } from './client';
export { SvcError, type SvcErrorEntry } from './errors';
export * from './generated/graphql';
