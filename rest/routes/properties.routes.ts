import * as op from '../../src/generated/graphql';
import { body, path, route } from '../../src/routing/route';

const admin = '/api/v1/admin';
const pg = `${admin}/property-groups`;
const at = `${admin}/attributes`;

export const propertyRoutes = [
  route({ method: 'GET', path: pg, operation: op.PropertyGroupsDocument, result: 'propertyGroups' }),
  route({
    method: 'POST',
    path: pg,
    operation: op.PropertyGroupCreateDocument,
    variables: { input: body() },
    result: 'propertyGroupCreate',
    status: 201,
  }),
  route({
    method: 'GET',
    path: `${pg}/{id}`,
    operation: op.PropertyGroupDocument,
    variables: { id: path('id') },
    result: 'propertyGroup',
  }),
  route({
    method: 'PUT',
    path: `${pg}/{id}`,
    operation: op.PropertyGroupUpdateDocument,
    variables: { id: path('id'), input: body() },
    result: 'propertyGroupUpdate',
  }),
  route({
    method: 'DELETE',
    path: `${pg}/{id}`,
    operation: op.PropertyGroupDeleteDocument,
    variables: { id: path('id') },
    result: 'propertyGroupDelete',
    envelope: 'none',
  }),
  route({
    method: 'POST',
    path: `${pg}/{id}/options`,
    operation: op.PropertyOptionCreateDocument,
    variables: { groupId: path('id'), input: body() },
    result: 'propertyOptionCreate',
    status: 201,
  }),
  route({
    method: 'PUT',
    path: `${pg}/{id}/options/{optId}`,
    operation: op.PropertyOptionUpdateDocument,
    variables: { groupId: path('id'), optionId: path('optId'), input: body() },
    result: 'propertyOptionUpdate',
  }),
  route({
    method: 'DELETE',
    path: `${pg}/{id}/options/{optId}`,
    operation: op.PropertyOptionDeleteDocument,
    variables: { groupId: path('id'), optionId: path('optId') },
    result: 'propertyOptionDelete',
    envelope: 'none',
  }),
  route({ method: 'GET', path: at, operation: op.AttributesDocument, result: 'attributes' }),
  route({
    method: 'POST',
    path: at,
    operation: op.AttributeCreateDocument,
    variables: { input: body() },
    result: 'attributeCreate',
    status: 201,
  }),
  route({
    method: 'GET',
    path: `${at}/{id}`,
    operation: op.AttributeDocument,
    variables: { id: path('id') },
    result: 'attribute',
  }),
  route({
    method: 'PUT',
    path: `${at}/{id}`,
    operation: op.AttributeUpdateDocument,
    variables: { id: path('id'), input: body() },
    result: 'attributeUpdate',
  }),
  route({
    method: 'DELETE',
    path: `${at}/{id}`,
    operation: op.AttributeDeleteDocument,
    variables: { id: path('id') },
    result: 'attributeDelete',
    envelope: 'none',
  }),
  route({
    method: 'POST',
    path: `${at}/{id}/options`,
    operation: op.AttributeOptionCreateDocument,
    variables: { attributeId: path('id'), input: body() },
    result: 'attributeOptionCreate',
    status: 201,
  }),
  route({
    method: 'PUT',
    path: `${at}/{id}/options/{optionId}`,
    operation: op.AttributeOptionUpdateDocument,
    variables: { attributeId: path('id'), optionId: path('optionId'), input: body() },
    result: 'attributeOptionUpdate',
  }),
  route({
    method: 'DELETE',
    path: `${at}/{id}/options/{optionId}`,
    operation: op.AttributeOptionDeleteDocument,
    variables: { attributeId: path('id'), optionId: path('optionId') },
    result: 'attributeOptionDelete',
    envelope: 'none',
  }),
];
