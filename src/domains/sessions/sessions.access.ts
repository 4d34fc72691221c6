import { type AccessTable, PUBLIC } from '../../auth/access';

/** The auth surface needs no credentials (the spec); abuse is held back by rate limits and the login lock. */
export const authAccess: AccessTable = {
  Mutation: {
    login: PUBLIC,
    customerLogin: PUBLIC,
    tokenRefresh: PUBLIC,
    logout: PUBLIC,
    customerRegister: PUBLIC,
  },
};
