import { type AccessTable, admin } from '../../auth/access';

export const mediaAccess: AccessTable = {
  Query: { mediaList: admin('media.read'), media: admin('media.read') },
  Mutation: { mediaUpload: admin('media.create'), mediaDelete: admin('media.delete') },
};
