import * as op from '../../src/generated/graphql';
import { path, query, route } from '../../src/routing/route';

export const mailRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/admin/emails',
    operation: op.EmailsDocument,
    variables: { page: query('page'), limit: query('limit'), status: query('status'), kind: query('kind') },
    result: 'emails',
    envelope: 'list',
  }),
  route({
    method: 'GET',
    path: '/api/v1/admin/emails/{id}',
    operation: op.EmailDocument,
    variables: { id: path('id') },
    result: 'email',
  }),
  route({
    method: 'GET',
    path: '/api/v1/admin/email-previews',
    operation: op.EmailPreviewsDocument,
    variables: { locale: query('locale') },
    result: 'emailPreviews',
  }),
  route({
    method: 'POST',
    path: '/api/v1/admin/emails/{id}/resend',
    operation: op.EmailResendDocument,
    variables: { id: path('id') },
    result: 'emailResend',
  }),
];
