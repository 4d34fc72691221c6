/**
 * Marks a statement whose best plan depends on its parameters' values, so it is never prepared under a name
 * (platform/db/database.ts `preparedStatementName`). A named statement is planned for its values five times and
 * may then keep a generic plan that ignores them: the product list filtered by a category of 20 products among
 * 100,000 took 0.5 ms planned for its ids and 415 ms with a plan that walks every product (docs/decisions.md
 * D-299). Put it first in the text: `${PLANNED_PER_CALL} SELECT …`.
 */
export const PLANNED_PER_CALL = '/* planned per call */';
