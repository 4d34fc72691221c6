import { type AccessTable, PUBLIC } from '../../auth/access';

export const systemAccess: AccessTable = {
  Query: { health: PUBLIC, readiness: PUBLIC },
};
