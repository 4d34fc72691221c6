import { getNamedType } from 'graphql';

import { buildAppBaseSchema } from '../../app/domains';
import type { FieldRules } from '../../src/shared/validation/rules';
import { SEARCH_MAX_LENGTH, SEARCH_MAX_WORDS } from '../../src/shared/validation/search';

/**
 * Free-text search is bounded in one place: the schema builder gives every `search` argument the search rules
 * (src/graphql/schema.ts, boundSearchArguments), which the input layer checks on REST, GraphQL and MCP. That
 * holds only while search arguments are called `search`: this fails when a list (bundled plugins included) takes
 * text under another name, unless the name is listed here with the bound its use case keeps.
 */
const schema = buildAppBaseSchema();

/** Text filters of lists that are not searches, each bounded by its use case (a 400 `max_length` above it). */
const BOUNDED_FILTERS: Record<string, string> = {
  'stockMovements.sku': 'src/domains/inventory/stock-history.service.ts: 100 characters, a SKU column',
  'emails.kind': 'src/domains/mail/email.service.ts: MAX_KIND, a template kind',
  'automationDeliveries.event': 'plugins/automation/graphql.ts: MAX_EVENT_FILTER, an event name',
  'storeProducts.categorySlug': 'src/domains/catalog/product.resolver.ts: SLUG_MAX_LENGTH, a slug column',
};

const textArguments = Object.values(schema.getQueryType()!.getFields())
  .filter((field) => getNamedType(field.type).name.endsWith('List'))
  .flatMap((field) =>
    field.args
      .filter((arg) => getNamedType(arg.type).name === 'String')
      .map((arg) => ({ at: `${field.name}.${arg.name}`, arg })),
  );

describe('search arguments', () => {
  it('are every text argument of a list, but the bounded filters', () => {
    const other = textArguments.filter(({ at, arg }) => arg.name !== 'search' && !(at in BOUNDED_FILTERS));
    expect(other.map((a) => a.at)).toEqual([]);
    expect(textArguments.filter((a) => a.arg.name === 'search').length).toBeGreaterThanOrEqual(8);
  });

  it('each carry the search bounds and say them in their description', () => {
    for (const { at, arg } of textArguments.filter((a) => a.arg.name === 'search')) {
      const rules = (arg.extensions as { rules?: FieldRules }).rules;
      expect({ at, rules }).toEqual({ at, rules: { maxLength: SEARCH_MAX_LENGTH, maxWords: SEARCH_MAX_WORDS } });
      expect(arg.description).toContain(`At most ${SEARCH_MAX_LENGTH} characters and ${SEARCH_MAX_WORDS} words.`);
    }
  });
});
