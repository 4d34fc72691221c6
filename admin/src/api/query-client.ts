import { QueryClient } from '@tanstack/react-query';

/**
 * No automatic retries: a failed load shows its error and a Retry button at once, instead of spinning through
 * retries while the person waits without knowing why.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});
