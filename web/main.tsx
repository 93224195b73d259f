import './styles.css';
// Before any zod schema is built (they are built as their modules load).
import '#web/lib/zod-without-eval';
import { holdEarlyInteractions } from './app/early-interactions';

/** Resolves once the browser has painted the frame it was preparing (rAF runs just before a paint). */
const afterNextPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

const container = document.getElementById('root')!;
// Public pages arrive pre-rendered; the merchant's pages arrive as an empty shell.
const prerendered = container.hasChildNodes();
if (prerendered) holdEarlyInteractions();
// A pre-rendered page paints first: the app's code is fetched and run only once it is on screen, so
// a slow phone shows the page without waiting for the JavaScript that hydrates it.
if (prerendered) await afterNextPaint();
const { startApp } = await import('./app/start-app');
await startApp(container, { prerendered });
