/** How the API client shows a toast; the antd App bridge replaces the console fallback. */
export interface Notifier {
  error(text: string): void;
  warning(text: string): void;
}

let notifier: Notifier = {
  error: (text) => console.error(text),
  warning: (text) => console.warn(text),
};

/** Installs the toast functions of the mounted antd App. */
export function setNotifier(next: Notifier): void {
  notifier = next;
}

/** The toast functions for code outside React components. */
export function notify(): Notifier {
  return notifier;
}
