import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { outboundEmails } from '../../db/schema/index';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export const SANDBOX_MAILBOX_PATH = '/__sim/mail';

/** Links in a message's text, made clickable (the text is escaped first). */
const linkify = (escaped: string) =>
  escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/** Sandbox only: the mail the product "sent", readable by a person at /__sim/mail and as JSON. */
export function registerSandboxMailbox(app: FastifyInstance, ctx: Pick<AppContext, 'db'>) {
  const { db } = ctx;
  const latest = () => db.select().from(outboundEmails).orderBy(desc(outboundEmails.createdAt)).limit(100);

  app.get(`${SANDBOX_MAILBOX_PATH}.json`, async () => ({ messages: await latest() }));

  app.get(SANDBOX_MAILBOX_PATH, async (_request, reply) => {
    const rows = await latest();
    const items = rows
      .map(
        (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To ${escapeHtml(m.to)} · from ${escapeHtml(m.from)}${m.replyTo ? ` · reply to ${escapeHtml(m.replyTo)}` : ''} · ${m.createdAt.toISOString()} · ${escapeHtml(m.transport)}/${escapeHtml(m.status)}</p>
  <pre>${linkify(escapeHtml(m.text))}</pre>
</article>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox mailbox · AgentCart</title><link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>
body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#0f172a}
article{border:1px solid #e2e8f0;border-radius:12px;padding:1rem 1.25rem;margin:1rem 0}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin:0 0 .25rem}.meta{color:#64748b;font-size:.85rem;margin:0 0 .75rem}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font-family:inherit;margin:0}
</style></head><body>
<h1>Sandbox mailbox</h1>
<p>E-mail the product sent in sandbox mode, newest first. Nothing here left this machine.</p>
${items || '<p>No messages yet. Send one from the <a href="/contact">contact form</a>.</p>'}
</body></html>`);
  });
}
