import { z } from 'zod';

/** The contact form rules (name 2-100, email, subject 5-200, message 10-2000). */
export const CONTACT_MESSAGES = {
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: 'Name must be less than 100 characters',
  email: 'Invalid email address',
  subjectTooShort: 'Subject must be at least 5 characters',
  subjectTooLong: 'Subject must be less than 200 characters',
  messageTooShort: 'Message must be at least 10 characters',
  messageTooLong: 'Message must be less than 2000 characters',
} as const;

export const contactMessageSchema = z.object({
  name: z.string().trim().min(2, CONTACT_MESSAGES.nameTooShort).max(100, CONTACT_MESSAGES.nameTooLong),
  email: z
    .string()
    .trim()
    .max(255, CONTACT_MESSAGES.email)
    .regex(/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/, CONTACT_MESSAGES.email),
  subject: z
    .string()
    .trim()
    .min(5, CONTACT_MESSAGES.subjectTooShort)
    .max(200, CONTACT_MESSAGES.subjectTooLong),
  message: z
    .string()
    .trim()
    .min(10, CONTACT_MESSAGES.messageTooShort)
    .max(2000, CONTACT_MESSAGES.messageTooLong),
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
