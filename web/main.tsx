import './styles.css';
// Before any zod schema is built (they are built as their modules load).
import '#web/lib/zod-without-eval';

/** Resolves once the browser has painted the frame it was preparing (rAF runs just before a paint). */
const afterNextPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Resolves in a later task, so that what ran before and what runs after are two tasks, not one. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const container = document.getElementById('root')!;
// Public pages arrive pre-rendered; the merchant's pages arrive as an empty shell.
const prerendered = container.hasChildNodes();
// A pre-rendered page paints first: the app's code is fetched and run only once it is on screen, so
// a slow phone shows the page without waiting for the JavaScript that hydrates it.
if (prerendered) {
  await afterNextPaint();
  // React DOM is evaluated in a task of its own before the app: together they blocked a throttled phone
  // for 140 ms in one task (Lighthouse's total blocking time). (The router is not split off: a dynamic
  // import keeps every export of it, 59 KB more for the landing page.)
  await import('react-dom/client');
  await nextTask();
}
const { startApp } = await import('./app/start-app');
await startApp(container, { prerendered });
