import { data, Form, redirect, useNavigation } from 'react-router';

import { VariantPicker } from '../components/variant-picker';
import { StorefrontProductDocument } from '../generated/graphql';
import { isNotFound, isShopperError } from '../lib/api.server';
import { addToCart } from '../lib/cart.server';
import { publicUrl } from '../lib/config.server';
import { localePath } from '../lib/locale';
import { messagesFor } from '../lib/messages';
import { callerOf, gql, type PageArgs, pageContext } from '../lib/page.server';
import { productJsonLd } from '../lib/product-ld';
import { seoMeta } from '../lib/seo';
import { initialVariant, optionGroups, type PickerVariant, variantFor } from '../lib/variants';
import type { Route } from './+types/product';

/**
 * The groups' legends: each group's name as the service translates it in the page's locale (`groupName`, its
 * identifier when the group has no name), by group id.
 */
function groupNamesOf(
  variants: ReadonlyArray<{ options: ReadonlyArray<{ propertyGroupId: string; groupName: string }> }>,
) {
  const names = new Map(variants.flatMap((v) => v.options.map((o) => [o.propertyGroupId, o.groupName] as const)));
  return (identifier: string, id: string) => names.get(id) ?? identifier;
}

async function loadProduct(args: PageArgs & { params: { slug: string } }) {
  const ctx = pageContext(args);
  const found = await gql(StorefrontProductDocument, { slug: args.params.slug }, callerOf(ctx)).catch(
    (err: unknown) => {
      if (isNotFound(err)) throw data(null, { status: 404 });
      throw err;
    },
  );
  return { ctx, product: found.storeProduct };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { ctx, product } = await loadProduct({ request, params, context });
  const variants: PickerVariant[] = product.variants;
  const wanted = new URL(request.url).searchParams.get('variant');
  const start = variants.find((v) => v.id === wanted && v.active) ?? initialVariant(variants);
  return data({
    locale: ctx.locale,
    product,
    groups: optionGroups(variants, groupNamesOf(product.variants)),
    startVariantId: start?.id ?? null,
    added: new URL(request.url).searchParams.get('added') === '1',
    url: request.url,
    origin: publicUrl(request),
  });
}

/** Add to cart: the chosen options name the variant (with or without JavaScript); the cart cookie is updated. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { ctx, product } = await loadProduct({ request, params, context });
  const t = messagesFor(ctx.locale);
  const form = await request.formData();
  const quantity = Number(form.get('quantity') ?? 1);
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 999)
    return data({ ok: false as const, message: `${t.quantity}: 1–999` }, { status: 400 });
  let variantId: string | undefined;
  if (product.hasVariants) {
    const groups = optionGroups(product.variants, groupNamesOf(product.variants));
    const selection = Object.fromEntries(groups.map((g) => [g.id, String(form.get(`option-${g.id}`) ?? '')]));
    if (Object.values(selection).some((v) => !v))
      return data({ ok: false as const, message: t.chooseOptions }, { status: 400 });
    const variant = variantFor(product.variants, selection);
    if (!variant) return data({ ok: false as const, message: t.unavailable }, { status: 422 });
    variantId = variant.id;
  }
  try {
    const { cookie } = await addToCart(ctx, { productId: product.id, variantId, quantity });
    // Post/redirect/get: the page is shown again by a GET (a reload does not add twice; without JavaScript the
    // header's count reads the new cookie), with the chosen variant and the confirmation in the URL.
    const back = new URLSearchParams({ ...(variantId ? { variant: variantId } : {}), added: '1' });
    return redirect(`${localePath(ctx.locale, `/p/${product.slug}`)}?${back}`, { headers: { 'set-cookie': cookie } });
  } catch (err) {
    if (isShopperError(err)) return data({ ok: false as const, message: err.message }, { status: 422 });
    throw err;
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const shop = (matches[0]?.loaderData as { shopName?: string } | undefined)?.shopName ?? '';
  if (!loaderData) return [];
  const { product } = loaderData;
  const image = [...product.media].sort((a, b) => a.position - b.position)[0]?.url;
  return [
    ...seoMeta({
      title: `${product.name} · ${shop}`,
      description: product.description ?? product.name,
      url: loaderData.url,
      origin: loaderData.origin,
      path: `/p/${product.slug}`,
      locale: loaderData.locale,
      shop,
      image,
      type: 'product',
    }),
    {
      'script:ld+json': productJsonLd(
        product,
        `${loaderData.origin}${localePath(loaderData.locale, `/p/${product.slug}`)}`,
      ),
    },
  ];
};

export default function Product({ loaderData, actionData }: Route.ComponentProps) {
  const { locale, product, groups, startVariantId, added } = loaderData;
  const failure = actionData?.ok === false ? actionData.message : undefined;
  const t = messagesFor(locale);
  const busy = useNavigation().state === 'submitting';
  const images = [...product.media].sort((a, b) => a.position - b.position);
  return (
    <article className="grid gap-8 md:grid-cols-2">
      <div className="flex flex-col gap-3">
        {images.length ? (
          images.map((m, i) => (
            <img
              key={m.url}
              src={m.url}
              alt={m.altText ?? ''}
              width={640}
              height={640}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : undefined}
              decoding="async"
              sizes="(min-width: 768px) 50vw, 100vw"
              className="aspect-square w-full rounded bg-stone-100 object-cover"
            />
          ))
        ) : (
          <div className="aspect-square w-full rounded bg-stone-100" aria-hidden="true" />
        )}
      </div>
      <div>
        <h1 className="text-3xl font-semibold">{product.name}</h1>
        <Form method="post" className="mt-6 flex flex-col gap-5">
          <VariantPicker locale={locale} product={product} groups={groups} startVariantId={startVariantId} />
          <div className="flex items-end gap-3">
            <div className="flex flex-col">
              <label htmlFor="quantity" className="text-sm font-medium">
                {t.quantity}
              </label>
              <input
                id="quantity"
                name="quantity"
                type="number"
                min={1}
                max={999}
                defaultValue={1}
                required
                className="w-24 rounded border border-stone-400 px-2 py-2"
              />
            </div>
            <button
              type="submit"
              disabled={busy}
              className="rounded bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-800 disabled:opacity-60"
            >
              {t.addToCart}
            </button>
          </div>
          <p role="status" className={failure ? 'text-red-700' : 'text-green-800'}>
            {failure ?? (added && !busy ? t.added : '')}
          </p>
        </Form>
        {product.description && (
          <p className="mt-8 max-w-prose whitespace-pre-line text-stone-700">{product.description}</p>
        )}
      </div>
    </article>
  );
}
