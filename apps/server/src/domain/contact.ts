import type { ContactMessage } from '@synergie/shared';
import type { AppContext } from '../context';
import { contactMessages } from '../db/schema';
import { contactConfirmationMail, contactToOwnerMail } from '../mail/contact-mails';
import { enqueueMail } from '../mail/outbox';

/**
 * Stores the message and queues both mails in one transaction: the message is safe in the
 * database before any mail server is involved, and no mail exists without its message.
 */
export async function sendContactMessage(ctx: AppContext, message: ContactMessage, ip: string): Promise<string> {
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: message.name, email: message.email, message: message.message, ip })
      .returning({ id: contactMessages.id });
    if (!row) throw new Error('contact message not stored');
    await enqueueMail(tx, [
      { ...contactToOwnerMail(ctx.mailContext, message), meta: { contactMessageId: row.id } },
      { ...contactConfirmationMail(ctx.mailContext, message), meta: { contactMessageId: row.id } },
    ]);
    return row.id;
  });
  ctx.mailer.wake();
  return id;
}
