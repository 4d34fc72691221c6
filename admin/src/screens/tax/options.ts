import { useQuery } from '@tanstack/react-query';

import { gql } from '../../api/client';
import { AdminTaxRulesDocument } from '../../generated/graphql';
import { percent } from '../../lib/money';
import { keys } from '../../resource/keys';

/**
 * The tax rules as a select's options ("Untaxed" first), for any form that picks one (shipping methods, products).
 * A shop has few tax rules: the first 200 are the options. `undefined` while they load.
 */
export function useTaxRuleOptions() {
  const variables = { page: 1, limit: 200 };
  const rules = useQuery({
    queryKey: keys.taxRules.list(variables),
    queryFn: () => gql(AdminTaxRulesDocument, variables),
  });
  if (!rules.data && !rules.isError) return undefined;
  return [
    { value: '', label: 'Untaxed' },
    ...(rules.data?.taxRules.items.map((r) => ({ value: r.id, label: `${r.name} (${percent(r.rate)})` })) ?? []),
  ];
}
