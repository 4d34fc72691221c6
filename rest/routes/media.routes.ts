import * as op from '../../src/generated/graphql';
import { body, path, query, route } from '../../src/routing/route';

const base = '/api/v1/admin/media';

export const mediaRoutes = [
  route({
    method: 'GET',
    path: base,
    operation: op.MediaListDocument,
    variables: { page: query('page'), limit: query('limit') },
    result: 'mediaList',
    envelope: 'list',
  }),
  route({
    method: 'POST',
    path: base,
    operation: op.MediaUploadDocument,
    variables: { input: body() },
    result: 'mediaUpload',
    status: 201,
    multipart: { limit: 'server.max_upload_size', files: ['file'] },
  }),
  route({
    method: 'GET',
    path: `${base}/limits`,
    operation: op.MediaLimitsDocument,
    variables: {},
    result: 'mediaLimits',
  }),
  route({
    method: 'GET',
    path: `${base}/{id}`,
    operation: op.MediaDocument,
    variables: { id: path('id') },
    result: 'media',
  }),
  route({
    method: 'PUT',
    path: `${base}/{id}`,
    operation: op.MediaUpdateDocument,
    variables: { id: path('id'), input: body() },
    result: 'mediaUpdate',
  }),
  route({
    method: 'DELETE',
    path: `${base}/{id}`,
    operation: op.MediaDeleteDocument,
    variables: { id: path('id') },
    result: 'mediaDelete',
    envelope: 'none',
  }),
];
