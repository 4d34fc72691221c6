import { type AccessTable, admin } from '../../auth/access';

export const mediaAccess: AccessTable = {
  Query: { mediaList: admin('media.read'), media: admin('media.read'), mediaLimits: admin('media.read') },
  // Who may put files in may describe them (there is no separate update permission).
  Mutation: {
    mediaUpload: admin('media.create'),
    mediaUpdate: admin('media.create'),
    mediaDelete: admin('media.delete'),
  },
};
