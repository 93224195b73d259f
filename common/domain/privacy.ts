/** Masks an e-mail for logs and security events: the first 3 characters plus ***. */
export function maskEmail(email: string): string {
  return `${email.trim().slice(0, 3)}***`;
}
