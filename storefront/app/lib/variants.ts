/**
 * The variant picker's rules, kept apart from the page so they are plain functions: the option groups a product's
 * active variants span, and which variant a choice of options names. Only options some active variant has are
 * offered, and choosing one never lands on a combination that does not exist (the other groups follow).
 */

export interface PickerVariant {
  id: string;
  active: boolean;
  stock: number;
  options: { id: string; name: string; position: number; propertyGroupId: string; propertyGroupIdentifier: string }[];
}

export interface OptionGroup {
  id: string;
  name: string;
  options: { id: string; name: string }[];
}

/** The groups and options of the active variants, options in their catalog order. */
export function optionGroups(variants: PickerVariant[], groupName: (identifier: string, id: string) => string) {
  const groups = new Map<string, OptionGroup & { positions: Map<string, number> }>();
  for (const v of variants.filter((x) => x.active)) {
    for (const o of v.options) {
      let g = groups.get(o.propertyGroupId);
      if (!g) {
        g = {
          id: o.propertyGroupId,
          name: groupName(o.propertyGroupIdentifier, o.propertyGroupId),
          options: [],
          positions: new Map(),
        };
        groups.set(o.propertyGroupId, g);
      }
      if (!g.positions.has(o.id)) {
        g.positions.set(o.id, o.position);
        g.options.push({ id: o.id, name: o.name });
      }
    }
  }
  return [...groups.values()].map(({ positions, ...g }) => ({
    ...g,
    options: g.options.sort((a, b) => positions.get(a.id)! - positions.get(b.id)!),
  }));
}

/** The selection of a variant: group id → option id. */
export const selectionOf = (v: PickerVariant): Record<string, string> =>
  Object.fromEntries(v.options.map((o) => [o.propertyGroupId, o.id]));

/** The active variant with exactly these options, if one exists. */
export function variantFor<V extends PickerVariant>(variants: V[], selection: Record<string, string>): V | undefined {
  return variants.find(
    (v) =>
      v.active &&
      v.options.length === Object.keys(selection).length &&
      v.options.every((o) => selection[o.propertyGroupId] === o.id),
  );
}

/**
 * The selection after choosing `optionId` in `groupId`: the same others when that combination exists, else the
 * closest existing variant with the chosen option (in stock first), so the picker always names a real variant.
 */
export function choose(
  variants: PickerVariant[],
  current: Record<string, string>,
  groupId: string,
  optionId: string,
): Record<string, string> {
  const wanted = { ...current, [groupId]: optionId };
  if (variantFor(variants, wanted)) return wanted;
  const candidates = variants
    .filter((v) => v.active && v.options.some((o) => o.id === optionId))
    .map((v) => ({ v, shared: v.options.filter((o) => current[o.propertyGroupId] === o.id).length }))
    .sort((a, b) => b.shared - a.shared || Number(b.v.stock > 0) - Number(a.v.stock > 0));
  return candidates[0] ? selectionOf(candidates[0].v) : current;
}

/** Whether choosing `optionId` keeps every other chosen option (shown as such; choosing it anyway moves the others). */
export function combinesWith(
  variants: PickerVariant[],
  current: Record<string, string>,
  groupId: string,
  optionId: string,
) {
  return Boolean(variantFor(variants, { ...current, [groupId]: optionId }));
}

/** The variant to show first: the first active one in stock, else the first active one. */
export const initialVariant = (variants: PickerVariant[]) =>
  variants.find((v) => v.active && v.stock > 0) ?? variants.find((v) => v.active);
