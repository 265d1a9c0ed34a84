import type { FastifyReply } from 'fastify';

/**
 * An invoice or credit note as a download (membership invoices and self-billing alike):
 * `facture-{number}.pdf`, `avoir-{number}-factur-x.pdf`, never cached.
 */
export function sendInvoicePdf(
  reply: FastifyReply,
  doc: { row: { kind: string; number: string } },
  bytes: Uint8Array,
  facturX: boolean,
) {
  const name = `${doc.row.kind === 'credit_note' ? 'avoir' : 'facture'}-${doc.row.number}${facturX ? '-factur-x' : ''}.pdf`;
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(bytes));
}
