import { countsTowardsGlobalLimit } from './rate-limit';

describe('countsTowardsGlobalLimit', () => {
  it.each([
    ['GET', '/api/v1/health'],
    ['GET', '/api/v1'],
    ['POST', '/graphql'],
    ['GET', '/graphql'],
    ['POST', '/mcp'],
    ['POST', '/plugins/payprov/webhook'],
    ['GET', '/plugins/payprov/pay/abc'],
    ['POST', '/plugins/payprov/assets/x.js'],
  ])('%s %s counts', (method, path) => expect(countsTowardsGlobalLimit(method, path)).toBe(true));

  it.each([
    ['GET', '/admin/'],
    ['GET', '/admin/assets/index-abc.js'],
    ['GET', '/favicon.ico'],
    ['GET', '/uploads/2026/01/a.png'],
    ['GET', '/graphiql/'],
    ['GET', '/plugins/payprov/assets/page.js'],
    ['HEAD', '/plugins/automation/assets/admin.js'],
    ['GET', '/api/v1x'],
    ['GET', '/graphqlx'],
  ])('%s %s does not count', (method, path) => expect(countsTowardsGlobalLimit(method, path)).toBe(false));
});
