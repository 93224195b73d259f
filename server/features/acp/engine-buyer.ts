import type { AcpSession, Buyer } from '../../db/schema/index';

/** The buyer's email, from the buyer or the fulfillment contact. */
export const buyerEmail = (session: AcpSession) => session.buyer?.email ?? session.fulfillment?.email ?? null;

/** The session's buyer and address in the engine's shape (what the store order is written with). */
export function toEngineBuyer(session: AcpSession): Buyer | null {
  const address = session.fulfillment?.address;
  const email = buyerEmail(session);
  if (!address || !email) return null;
  const b = session.buyer;
  const joined = [b?.firstName, b?.lastName].filter(Boolean).join(' ');
  return {
    name: b?.fullName || joined || session.fulfillment?.name || address.name,
    email,
    phone: b?.phone ?? session.fulfillment?.phone ?? null,
    address: {
      line1: address.line1,
      line2: address.line2,
      city: address.city,
      region: address.state,
      postalCode: address.postalCode,
      country: address.country,
    },
  };
}
