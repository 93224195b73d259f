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
  // The biggest libraries are evaluated one per task before the app: in one task, React DOM, the router
  // and the app together blocked a throttled phone for 140 ms (Lighthouse's total blocking time).
  await import('react-dom/client');
  await nextTask();
  await import('react-router');
  await nextTask();
}
const { startApp } = await import('./app/start-app');
await startApp(container, { prerendered });
