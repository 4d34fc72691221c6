import { parse } from 'graphql';

import { path, type PluginRouteRow, query, route } from '../../src/plugin-api';

/**
 * The delivery log as REST rows over the plugin's own GraphQL fields (graphql.ts), like the core's routes:
 * the aliases give the REST names, the route runner checks access (`plugins.manage`) and reads the parameters
 * with the core's rules, and the OpenAPI document takes the answers' schemas from these selections.
 */
const OPERATIONS = parse(`
  query AutomationDeliveryLog($status: AutomationDeliveryStatus, $event: String, $page: Int, $limit: Int) {
    automationDeliveries(status: $status, event: $event, page: $page, limit: $limit) {
      items { ...AutomationDeliveryRest }
      meta { total page limit pages }
    }
  }

  query AutomationDeliveryById($id: UUID!) {
    automationDelivery(id: $id) { ...AutomationDeliveryRest }
  }

  fragment AutomationDeliveryRest on AutomationDelivery {
    id
    event
    status
    attempt_count: attemptCount
    next_attempt_at: nextAttemptAt
    last_status_code: lastStatusCode
    last_error: lastError
    delivered_at: deliveredAt
    created_at: createdAt
    payload
    attempts {
      attempt
      status_code: statusCode
      duration_ms: durationMs
      error
      response_body: responseBody
      next_attempt_at: nextAttemptAt
      created_at: createdAt
    }
  }
`);

/** One operation of the document above (with the fragment), as a route's operation. */
function operation(name: string) {
  return {
    ...OPERATIONS,
    definitions: OPERATIONS.definitions.filter(
      (d) => d.kind === 'FragmentDefinition' || (d.kind === 'OperationDefinition' && d.name?.value === name),
    ),
  };
}

export const AUTOMATION_ROUTE_ROWS: PluginRouteRow[] = [
  {
    mount: 'plugin',
    ...route({
      method: 'GET',
      path: '/deliveries',
      operation: operation('AutomationDeliveryLog'),
      variables: { status: query('status'), event: query('event'), page: query('page'), limit: query('limit') },
      result: 'automationDeliveries',
      envelope: 'list',
    }),
  },
  {
    mount: 'plugin',
    ...route({
      method: 'GET',
      path: '/deliveries/{id}',
      operation: operation('AutomationDeliveryById'),
      variables: { id: path('id') },
      result: 'automationDelivery',
    }),
  },
];
