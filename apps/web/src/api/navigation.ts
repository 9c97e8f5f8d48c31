type Navigate = (path: string) => void;

let navigateImpl: Navigate = (path) => {
  window.location.hash = `#${path}`;
};

/** Lets the router do navigations requested outside React (session end). */
export function setNavigate(next: Navigate): void {
  navigateImpl = next;
}

/** Navigates to a hash route from anywhere. */
export function navigateTo(path: string): void {
  navigateImpl(path);
}
