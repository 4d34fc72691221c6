/** Batched deletes for a plugin's retention pruning: the same helper the core's own pruning uses. */
export { pruneInBatches } from '../platform/prune-in-batches';
