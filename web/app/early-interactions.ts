/**
 * A pre-rendered page shows its buttons before the app that handles them has loaded. Until the page is
 * hydrated, a click on a button or a form's submission is held here (a submit would otherwise send the
 * form natively, its fields in the address) and the last one is replayed once the page's own effects have
 * run, so a visitor on a slow phone who taps before the JavaScript arrives is answered rather than ignored.
 *
 * Holding the events once at the window replaces disabling every button until hydration: that needed
 * each button to render again after hydration, one long task on a phone. Handing them to React as soon
 * as it listens is too early: a form hydrated but whose effects have not run yet (react-hook-form
 * subscribes to its state in one) validates a submission and shows nothing.
 */

let pageStarted = false;
const waiting: Array<() => void> = [];

/** Called by the root layout once the page and its effects are in place (after their commit). */
export function markPageStarted(): void {
  if (pageStarted) return;
  pageStarted = true;
  // Out of React's commit: a replayed click is then an ordinary event.
  setTimeout(() => waiting.splice(0).forEach((run) => run()));
}

export function holdEarlyInteractions(): void {
  let replay: (() => void) | undefined;

  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    replay = () => {
      if (button.isConnected && !button.disabled) button.click();
    };
  };
  // A form submitted without a button (Enter in a form that has none) sends no click.
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    replay = () => {
      if (form.isConnected) form.requestSubmit();
    };
  };

  window.addEventListener('click', onClick, true);
  window.addEventListener('submit', onSubmit, true);
  waiting.push(() => {
    window.removeEventListener('click', onClick, true);
    window.removeEventListener('submit', onSubmit, true);
    replay?.();
  });
}
