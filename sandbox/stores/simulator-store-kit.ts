import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/*
 * What the four store simulators share. Product images are served by each simulator itself, so the
 * sandbox storefront shows pictures on a machine with no internet.
 */

/** Where a started simulator can be reached, when its owner did not name a public URL. */
export function loopbackUrl(app: FastifyInstance): string {
  const address = app.server.address();
  return address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : 'http://127.0.0.1';
}

/** A small square picture with the product's name, its colour derived from the name. */
export function placeholderImageSvg(label: string): string {
  const hue = createHash('sha256').update(label).digest()[0]! * 1.4;
  const text = label.replace(/[<>&"]/g, '').slice(0, 28);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480">
<rect width="480" height="480" fill="hsl(${hue.toFixed(0)} 45% 88%)"/>
<circle cx="240" cy="200" r="90" fill="hsl(${hue.toFixed(0)} 40% 55%)"/>
<text x="240" y="380" font-family="system-ui,sans-serif" font-size="26" text-anchor="middle" fill="#1f2937">${text}</text>
</svg>`;
}

/** Serves `GET <path>/:file.svg` with the placeholder for whatever label `labelOf` finds. */
export function servePlaceholderImages(
  app: FastifyInstance,
  path: string,
  labelOf: (file: string) => string | undefined,
): void {
  app.get<{ Params: { file: string } }>(`${path}/:file`, async (request, reply) => {
    const label = labelOf(request.params.file.replace(/\.svg$/, ''));
    if (!label) return reply.status(404).type('text/plain').send('Not found');
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=3600')
      .send(placeholderImageSvg(label));
  });
}
