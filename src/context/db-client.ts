import type { Prisma, PrismaClient } from '../generated/prisma/client';

/** The Prisma client, or the open transaction when a use case runs inside one. */
export type DbClient = PrismaClient | Prisma.TransactionClient;
