import type { FastifyInstance } from 'fastify';
import type { Db } from '@/server/db/client';
import { publicNotFound, sendPublic } from '@/server/features/public-pages/index';
import type { Tokens } from '@/server/lib/tokens';
import { loadReceipt } from '@/server/features/receipts/index';
import { receiptDocument } from './receipt-page.js';

/**
 * A paid order's receipt page on the public face, `/r/{token}`: only a link we signed for that
 * payment opens it (sent to the buyer, on their download page); anything else is the face's 404.
 */
export function receiptRoutes(app: FastifyInstance, services: { db: Db; tokens: Tokens; publicOrigin: string }) {
  app.get<{ Params: { token: string } }>('/r/:token', async (request, reply) => {
    const paymentId = services.tokens.verify('receipt', request.params.token);
    const receipt = paymentId ? await loadReceipt(services.db, services, paymentId) : undefined;
    // On a custom domain, only that workspace's receipts (decision 0055).
    const domain = request.customDomain;
    if (!receipt || (domain && domain.workspaceId !== receipt.payment.workspaceId)) return publicNotFound(reply);
    reply.header('x-robots-tag', 'noindex');
    return sendPublic(reply, 200, receiptDocument({ ...receipt.props, refunded: receipt.refunded, design: receipt.design }));
  });
}
