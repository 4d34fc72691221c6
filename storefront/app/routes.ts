import { index, route, type RouteConfig } from '@react-router/dev/routes';

/**
 * Every page exists at its English address and under `/de` (lib/locale.ts); the optional `:lang` segment is
 * checked by each loader (an unknown one is a 404). sitemap.xml and robots.txt are resource routes.
 */
export default [
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('healthz', 'routes/healthz.ts'),
  index('routes/home.tsx', { id: 'home-en' }),
  route(':lang', 'routes/home.tsx', { id: 'home-lang' }),
  route(':lang?/c/:slug', 'routes/category.tsx'),
  route(':lang?/p/:slug', 'routes/product.tsx'),
  route(':lang?/search', 'routes/search.tsx'),
  route(':lang?/search/suggest', 'routes/search-suggest.ts'),
  route(':lang?/cart', 'routes/cart.tsx'),
  route(':lang?/checkout', 'routes/checkout.tsx'),
  route(':lang?/checkout/pay', 'routes/pay.tsx'),
  route(':lang?/checkout/thank-you', 'routes/thank-you.tsx'),
  route(':lang?/account', 'routes/account.tsx'),
  route(':lang?/account/sign-in', 'routes/sign-in.tsx'),
  route(':lang?/account/register', 'routes/register.tsx'),
  route(':lang?/account/forgot-password', 'routes/forgot-password.tsx'),
  route(':lang?/account/orders/:id', 'routes/account-order.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
