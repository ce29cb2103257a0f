/**
 * The quick pick and input box of a multi-step flow (New Transaction): each shows "Step k of n"
 * (VS Code's `step` / `totalSteps`, drawn as "k/n" in the title) and, past the first step, a Back
 * button that resolves {@link BACK}. Escape (or the box hidden) resolves undefined.
 */
import * as vscode from 'vscode';

/**
 * What a step resolves when the user pressed Back: a registered symbol, so scripted prompts (tests,
 * which load this module apart from the bundle) hand back the same value.
 */
export const BACK: unique symbol = Symbol.for('exchangeTx.quickInput.back');
export type Back = typeof BACK;

/** Where a question stands in its flow. */
export interface StepCounter {
  readonly step: number;
  readonly totalSteps: number;
}

/** Back past the first step, or where a step has a question before it (`back`: the payout after the payin). */
function backButtons(steps: StepCounter & { readonly back?: boolean }): vscode.QuickInputButton[] {
  return steps.step > 1 || steps.back === true ? [vscode.QuickInputButtons.Back] : [];
}

/**
 * Shows a quick input and settles once: with what `listen` hands to `done`, BACK for the Back
 * button, or undefined when it is hidden; then its listeners and the input are disposed.
 */
function answerOf<T>(
  input: vscode.QuickPick<vscode.QuickPickItem> | vscode.InputBox,
  listen: (done: (value: T | Back | undefined) => void) => vscode.Disposable[],
): Promise<T | Back | undefined> {
  return new Promise<T | Back | undefined>((resolve) => {
    let settled = false;
    const subscriptions: vscode.Disposable[] = [];
    const done = (value: T | Back | undefined): void => {
      if (settled) return;
      settled = true;
      for (const s of subscriptions) s.dispose();
      input.dispose();
      resolve(value);
    };
    subscriptions.push(
      ...listen(done),
      input.onDidTriggerButton((button) => {
        if (button === vscode.QuickInputButtons.Back) done(BACK);
      }),
      input.onDidHide(() => done(undefined)),
    );
    input.show();
  });
}

/** A quick pick at a step: the item chosen, BACK, or undefined. */
export function pickStep<T extends vscode.QuickPickItem>(
  items: readonly T[],
  options: { title: string; placeHolder: string; matchOnDescription?: boolean; back?: boolean } & StepCounter,
): Promise<T | Back | undefined> {
  const pick = vscode.window.createQuickPick<T>();
  Object.assign(pick, {
    title: options.title,
    placeholder: options.placeHolder,
    step: options.step,
    totalSteps: options.totalSteps,
    matchOnDescription: options.matchOnDescription === true,
    items,
    buttons: backButtons(options),
  });
  return answerOf<T>(pick, (done) => [pick.onDidAccept(() => done(pick.selectedItems[0]))]);
}

/** An input box at a step: the text accepted (valid), BACK, or undefined. */
export function inputStep(
  options: {
    title: string;
    prompt: string;
    value: string;
    validate: (text: string) => string | undefined;
  } & StepCounter,
): Promise<string | Back | undefined> {
  const box = vscode.window.createInputBox();
  Object.assign(box, {
    title: options.title,
    prompt: options.prompt,
    value: options.value,
    step: options.step,
    totalSteps: options.totalSteps,
    ignoreFocusOut: true,
    buttons: backButtons(options),
  });
  box.validationMessage = options.validate(options.value);
  return answerOf<string>(box, (done) => [
    box.onDidChangeValue((text) => {
      box.validationMessage = options.validate(text);
    }),
    box.onDidAccept(() => {
      const problem = options.validate(box.value);
      box.validationMessage = problem;
      if (problem === undefined) done(box.value);
    }),
  ]);
}
