import { MailCheck } from 'lucide-react';
import { Button } from '#web/components/ui/button';

export interface SentEmail {
  /** verify: the sign-up confirmation; link: a one-time sign-in link. */
  kind: 'verify' | 'link';
  email: string;
  /** Sandbox only: where the e-mail can be read. */
  sandboxMailbox?: string;
}

/** After sign-up or "Email me a sign-in link": what was sent, and where to go from here. */
export function CheckEmailPanel({ sent, onBack }: { sent: SentEmail; onBack: () => void }) {
  return (
    <div className="grid gap-4 text-center" role="status">
      <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <MailCheck className="size-6" aria-hidden="true" />
      </span>
      <h2 className="text-lg font-semibold text-slate-900">Check your email</h2>
      {sent.kind === 'verify' ? (
        <p className="text-sm text-slate-600">
          We sent a link to <strong className="break-all text-slate-900">{sent.email}</strong>. Open it to
          confirm your address and finish creating your account. The link works once, for 24 hours.
        </p>
      ) : (
        <p className="text-sm text-slate-600">
          If <strong className="break-all text-slate-900">{sent.email}</strong> has an account, we sent it a
          sign-in link. The link works once, for 15 minutes.
        </p>
      )}
      {sent.sandboxMailbox && (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600">
          Sandbox mode sends no real e-mail:{' '}
          <a
            href={sent.sandboxMailbox}
            target="_blank"
            rel="noreferrer"
            className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            open the sandbox mailbox
          </a>
          .
        </p>
      )}
      <p className="text-xs text-slate-500">
        Nothing arrived after a minute? Check your spam folder, or go back and check the address.
      </p>
      <Button variant="outline" onClick={onBack}>
        Back to sign in
      </Button>
    </div>
  );
}
