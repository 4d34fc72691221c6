import { type AccessTable, PUBLIC } from '../../auth/access';

/** Sessions need no credentials (the spec); abuse is held back by rate limits and the login lock. */
export const sessionsAccess: AccessTable = {
  // Answers null for anyone not signed in: asking who one is reveals nothing.
  Query: { viewer: PUBLIC },
  Mutation: {
    login: PUBLIC,
    customerLogin: PUBLIC,
    tokenRefresh: PUBLIC,
    logout: PUBLIC,
    // Signed-out people by nature; the `account_email` budgets (per IP and per address) hold abuse back.
    staffPasswordResetRequest: PUBLIC,
    staffPasswordResetConfirm: PUBLIC,
    staffInviteAccept: PUBLIC,
  },
};
