/**
 * A form's submit handler that runs `action` in place of the browser's submit: the page never
 * navigates, and Enter in any field does what the form's button does. The action reports its own
 * failures (a StepAction's error, a dialog's message), so its promise is not awaited here.
 */
export function submitTo(action: () => unknown): (event: SubmitEvent) => void {
  return (event) => {
    event.preventDefault();
    void action();
  };
}
